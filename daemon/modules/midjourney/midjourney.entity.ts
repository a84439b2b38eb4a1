// A Midjourney drawing task relayed to a midjourney-proxy channel (spec 3 §3 Drawing task; reference §11.1–11.2).
import { defineEntity, type InferEntity } from '@mikro-orm/core';

export const MidjourneyEntity = defineEntity({
  name: 'Midjourney',
  tableName: 'midjourneys',
  properties: (p) => ({
    id: p.integer().primary().autoincrement(),
    /** Submit code: 1 submitted, 21 waiting, 22 duplicate, 0 or 3 not submitted. */
    code: p.integer().default(0),
    user_id: p.integer().default(0),
    /** IMAGINE, UPSCALE, VARIATION, … */
    action: p.string().length(40).default('').index(),
    /** The upstream task id. */
    mj_id: p.string().length(191).default('').index(),
    prompt: p.text().default(''),
    prompt_en: p.text().default(''),
    description: p.text().default(''),
    state: p.text().default(''),
    /** Epoch times as midjourney-proxy reports them (milliseconds). */
    submit_time: p.bigint('number').default(0).index(),
    start_time: p.bigint('number').default(0),
    finish_time: p.bigint('number').default(0),
    image_url: p.text().default(''),
    /** JSON text (list of URLs). */
    video_urls: p.text().default(''),
    /** NOT_START, SUBMITTED, MODAL, IN_PROGRESS, FAILURE, SUCCESS. */
    status: p.string().length(20).default('').index(),
    /** '0%' … '100%'; pollers pick rows not at '100%'. */
    progress: p.string().length(30).default('').index(),
    fail_reason: p.text().default(''),
    channel_id: p.integer().default(0).index(),
    quota: p.bigint('number').default(0),
    mj_type: p.string().length(32).default(''),
    model_name: p.string().length(255).default(''),
    /** JSON text. */
    buttons: p.text().default(''),
    /** JSON text. */
    properties: p.text().default(''),
  }),
  indexes: [{ properties: ['user_id', 'submit_time'] }],
});
export type Midjourney = InferEntity<typeof MidjourneyEntity>;
