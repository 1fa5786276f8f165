import { z } from 'zod';
import { baseResultSchema, nullableNumber, nullableText, reportedDate } from './common.js';

/** Motor vehicle records (`motor_vehicle_record_result`). */

export const motorVehicleViolationSchema = z
  .object({
    date: reportedDate('Date of the violation or conviction.'),
    description: nullableText('What the violation was.'),
    points: nullableNumber('Demerit points recorded for it.'),
  })
  .describe('A driving violation, suspension or conviction on the record.');
export type MotorVehicleViolation = z.infer<typeof motorVehicleViolationSchema>;

export const motorVehicleRecordResultSchema = baseResultSchema
  .extend({
    license_status: nullableText('Status of the driver’s licence (for example valid, suspended, expired).'),
    license_class: nullableText('Class of the driver’s licence.'),
    license_expiry_date: reportedDate('Expiry date of the driver’s licence.'),
    violations: z.array(motorVehicleViolationSchema).describe('Violations on the record; empty when none.'),
  })
  .describe('Result of the motor vehicle record (driver’s abstract) check.');
export type MotorVehicleRecordResult = z.infer<typeof motorVehicleRecordResultSchema>;
