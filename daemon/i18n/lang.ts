// The server answers in the language of the request's Accept-Language; Chinese when absent (spec 1 §1).
export type Lang = 'zh' | 'en';

export function langFromHeader(header: string | undefined | null): Lang {
  if (!header) return 'zh';
  // Highest-q language tag wins; ties keep header order.
  let best: { lang: Lang | null; q: number } = { lang: null, q: -1 };
  for (const part of header.split(',')) {
    const [tag, ...params] = part.trim().toLowerCase().split(';');
    const qParam = params.find((p) => p.trim().startsWith('q='));
    const q = qParam ? Number(qParam.trim().slice(2)) : 1;
    const lang: Lang | null = tag.startsWith('zh') ? 'zh' : tag.startsWith('en') ? 'en' : null;
    if (lang && Number.isFinite(q) && q > best.q) best = { lang, q };
  }
  return best.lang ?? 'zh';
}

export function langFromEnv(env: NodeJS.ProcessEnv = process.env): Lang {
  const v = env.GATEWAY_LANG ?? env.LC_ALL ?? env.LC_MESSAGES ?? env.LANG ?? '';
  return v.toLowerCase().startsWith('en') ? 'en' : v.toLowerCase().startsWith('zh') ? 'zh' : 'en';
}
