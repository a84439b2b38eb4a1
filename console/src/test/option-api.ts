// A stateful stand-in for /api/option: lists shaped like the daemon's (secrets masked, agent scope filtered), and a
// PUT that stores the value and answers the written row, or fails for keys the test names.
import { optionItem, optionKeys, optionRegistry, type OptionKey } from '@contract/options';
import { failure, ok, type MockRoute, type RecordedRequest } from './mock-api';

export interface OptionMock {
  routes: Record<string, MockRoute>;
  stored: Record<string, string>;
  /** Keys whose next PUTs fail with this message. */
  failing: Map<string, string>;
}

export function optionMock(overrides: Partial<Record<OptionKey, string>> = {}): OptionMock {
  const stored: Record<string, string> = Object.fromEntries(optionKeys.map((k) => [k, optionRegistry[k].default]));
  Object.assign(stored, overrides);
  const failing = new Map<string, string>();
  const list = (keys: readonly OptionKey[]) => keys.map((k) => optionItem(k, stored[k]));
  return {
    stored,
    failing,
    routes: {
      'GET /api/option/all': () => ok(list(optionKeys)),
      'GET /api/option/agent': () => ok(list(optionKeys.filter((k) => optionRegistry[k].scope === 'agent'))),
      'PUT /api/option/': (req: RecordedRequest) => {
        const { key, value } = req.body as { key: OptionKey; value: string };
        const refused = failing.get(key);
        if (refused) return failure(refused);
        stored[key] = value;
        return ok([optionItem(key, value)]);
      },
    },
  };
}
