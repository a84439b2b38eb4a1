// Quota display (spec 1 §9, spec 2 §9: 500000 quota = 1 US dollar by default): the contract's formatter, shared with
// the CLI, so every screen reads quota the same way (dollars when the site shows currency, compacted points else).
export { formatQuota, formatDollars, compactNumber, perUnitOf, type QuotaDisplay } from '@contract/quota-format';
