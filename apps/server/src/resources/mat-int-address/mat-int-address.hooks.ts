import { badRequest } from '../../core/envelope.ts';
import type { ResourceHooks } from '../../crud/hooks.ts';

const range = (v: unknown, lo: number, hi: number) => v === undefined || v === null || v === '' || (Number(v) >= lo && Number(v) <= hi);

/** The map point must be a point on Earth: longitude -180..180, latitude -90..90. */
export const matIntAddressHooks: ResourceHooks = {
  async beforeWrite(_ctx, values) {
    if (!range(values.coordLongitude, -180, 180)) {
      throw badRequest('经度应在-180到180之间', { errors: [{ field: 'coordLongitude', message: '经度应在-180到180之间' }] });
    }
    if (!range(values.coordLatitude, -90, 90)) {
      throw badRequest('纬度应在-90到90之间', { errors: [{ field: 'coordLatitude', message: '纬度应在-90到90之间' }] });
    }
  },
};
