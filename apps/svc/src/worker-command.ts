import { isQueueName, isWorkerRole, QUEUE_NAMES, queuesOfRoles, WORKER_ROLES, type QueueName } from '@svc/services';

export const WORKER_USAGE = `  worker [--roles R,…] [--queues Q,…]   run jobs (any number of workers may share one database); by default
                                   every queue; --roles ${WORKER_ROLES.join(',')} or --queues of ${QUEUE_NAMES.join(', ')}
                                   select which (README: "Workers by role")`;

/** The value of `--name value` or `--name=value` in `args`, or undefined; a flag without a value is an error. */
function optionValue(args: readonly string[], name: string): string | undefined {
  const index = args.findIndex((arg) => arg === name || arg.startsWith(`${name}=`));
  if (index < 0) return undefined;
  const arg = args[index]!;
  const value = arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : args[index + 1];
  if (!value || value.startsWith('--')) throw new Error(`svc worker: ${name} needs a comma-separated list`);
  return value;
}

/**
 * The queues `svc worker` takes jobs from, from its arguments: `--roles checks,reports` (a role's queues, `QUEUE_ROLES`)
 * and `--queues check.run,…` together give the union; neither: undefined (every queue). An unknown role, queue or
 * argument is an error naming what is allowed.
 */
export function workerQueuesOfArguments(args: readonly string[]): QueueName[] | undefined {
  const known = new Set(['--roles', '--queues']);
  for (const [index, arg] of args.entries()) {
    const name = arg.split('=')[0]!;
    const isValueOfPrevious = index > 0 && known.has(args[index - 1]!) && !args[index - 1]!.includes('=');
    if (!isValueOfPrevious && !known.has(name))
      throw new Error(`svc worker: unknown argument ${arg} (--roles ${WORKER_ROLES.join(',')} or --queues Q,…)`);
  }
  const roles = optionValue(args, '--roles');
  const queues = optionValue(args, '--queues');
  if (roles === undefined && queues === undefined) return undefined;
  const selected = new Set<QueueName>();
  for (const role of roles?.split(',') ?? []) {
    if (!isWorkerRole(role))
      throw new Error(`svc worker: unknown role ${JSON.stringify(role)}; roles: ${WORKER_ROLES.join(', ')}`);
    for (const queue of queuesOfRoles([role])) selected.add(queue);
  }
  for (const queue of queues?.split(',') ?? []) {
    if (!isQueueName(queue))
      throw new Error(`svc worker: unknown queue ${JSON.stringify(queue)}; queues: ${QUEUE_NAMES.join(', ')}`);
    selected.add(queue);
  }
  return QUEUE_NAMES.filter((queue) => selected.has(queue));
}
