import { z } from 'zod';

/** Document 2: the province/state value `OT` means other, and then `other_province_state` carries it. */
export function requireOtherProvinceState(
  body: { province_state?: string | undefined; other_province_state?: string | null | undefined },
  ctx: z.RefinementCtx,
): void {
  if (body.province_state === 'OT' && !body.other_province_state) {
    ctx.addIssue({
      code: z.ZodIssueCode.custom,
      path: ['other_province_state'],
      message: 'is required when province_state is OT',
      params: { code: 'required' },
    });
  }
}
