import { readdirSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';

/**
 * Lowers this process's CPU priority by `niceness` (`SVC_WORKER_NICENESS`, at most to 19) and returns the niceness it
 * runs at now, or null when asked for none. On Linux niceness belongs to each thread: every thread running now is
 * lowered (libuv's pool, V8's helpers), and what starts later inherits it: the threads created afterwards, and the
 * child processes (Chromium and its renderers). Raising niceness needs no privilege.
 */
export function lowerProcessPriority(niceness: number): number | null {
  if (niceness === 0) return null;
  const target = Math.min(19, getPriority() + niceness);
  let threads: string[] = [];
  try {
    threads = readdirSync('/proc/self/task');
  } catch {
    // not Linux: the niceness of the process as a whole
  }
  if (threads.length === 0) setPriority(target);
  for (const thread of threads) {
    try {
      setPriority(Number(thread), target);
    } catch {
      // the thread ended meanwhile
    }
  }
  return target;
}
