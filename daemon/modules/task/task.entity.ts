// An asynchronous generation task (Suno, video…) relayed to a channel and polled (spec 3 §3; reference §11.3).
import { defineEntity, type InferEntity } from '@mikro-orm/core';

export const TaskEntity = defineEntity({
  name: 'Task',
  tableName: 'tasks',
  properties: (p) => ({
    id: p.integer().primary().autoincrement(),
    created_at: p.bigint('number').default(0),
    updated_at: p.bigint('number').default(0),
    /** The upstream task id. */
    task_id: p.string().length(191).default('').index(),
    /** suno, flux-task, luma-task, udio-task, runway-task*, pixverse-task, veo-task. */
    platform: p.string().length(30).default('').index(),
    user_id: p.integer().default(0).index(),
    channel_id: p.integer().default(0).index(),
    quota: p.bigint('number').default(0),
    /** MUSIC, LYRICS, UPLOADS, … */
    action: p.string().length(40).default('').index(),
    /** '' (submitting), NOT_START, SUBMITTED, QUEUED, IN_PROGRESS, SUCCESS, FAILURE, UNKNOWN. */
    status: p.string().length(20).default('').index(),
    fail_reason: p.text().default(''),
    submit_time: p.bigint('number').default(0).index(),
    start_time: p.bigint('number').default(0),
    finish_time: p.bigint('number').default(0),
    /** '0%' … '100%'; pollers pick rows not at '100%'. */
    progress: p.string().length(20).default('').index(),
    /** JSON text, e.g. {input}. */
    properties: p.text().default(''),
    /** JSON text: the upstream task payload. */
    data: p.text().default(''),
  }),
});
export type Task = InferEntity<typeof TaskEntity>;
