import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `events.trace_context`: the W3C trace context (`traceparent`) of the span an event was recorded in, when tracing is
 * on, so that the webhook deliveries of the event continue its trace. Ids only; null while tracing is off.
 */
export class EventTraceContext1795871000000 implements MigrationInterface {
  readonly name = 'EventTraceContext1795871000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE events ADD COLUMN trace_context jsonb NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE events DROP COLUMN trace_context`);
  }
}
