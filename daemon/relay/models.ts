// GET /v1/models and /v1/models/:model (reference §1.4): what the caller's key may use — the token's model
// limits when on, else every model an enabled channel serves to the caller's group — in OpenAI's list shape.
import { KNOWN_MODELS } from '../modules/channel/known-models.js';
import type { Caller } from './relay-auth.js';

/** new-api's fixed `created` for every entry. */
export const MODEL_CREATED = 1626777600;

const ownerOf = new Map(KNOWN_MODELS.map((m) => [m.id, m.owned_by]));

export interface ModelEntry {
  id: string;
  object: 'model';
  created: number;
  owned_by: string;
}

export function modelIds(caller: Caller, groupModels: readonly string[]): string[] {
  return caller.token.modelLimits ? [...caller.token.modelLimits].sort() : [...groupModels];
}

export const modelEntry = (id: string): ModelEntry => ({ id, object: 'model', created: MODEL_CREATED, owned_by: ownerOf.get(id) ?? 'custom' });

/** Anthropic's list shape (newer new-api answers a Claude client with it). */
export function claudeModelList(ids: readonly string[]) {
  const createdAt = new Date(MODEL_CREATED * 1000).toISOString();
  const data = ids.map((id) => ({ type: 'model' as const, id, display_name: id, created_at: createdAt }));
  return { data, has_more: false, first_id: data[0]?.id ?? null, last_id: data.at(-1)?.id ?? null };
}
