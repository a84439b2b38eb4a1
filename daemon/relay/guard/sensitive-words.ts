// Case-insensitive multi-word search (Aho–Corasick, as new-api's service/sensitive.go): the automaton is built once
// per word list, then a text is scanned in one pass whatever the number of words. Pure.

export interface WordMatcher {
  /** Number of distinct words. */
  readonly size: number;
  /** Listed words found in `text`, in order of first appearance, at most `limit` of them. */
  find(text: string, limit?: number): string[];
}

/** The words of the SensitiveWords option: one per line, trimmed, without blanks and repeats (ignoring case). */
export function parseWordList(text: string): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    const w = line.trim();
    if (!w || seen.has(w.toLowerCase())) continue;
    seen.add(w.toLowerCase());
    out.push(w);
  }
  return out;
}

export function buildMatcher(list: readonly string[]): WordMatcher {
  const words = parseWordList(list.join('\n'));
  // Node 0 is the root. `next[n]` maps a UTF-16 code unit to a child; `out[n]` lists the words ending at n,
  // including those reached through failure links (merged breadth-first below).
  const next: Array<Map<number, number>> = [new Map()];
  const out: number[][] = [[]];
  words.forEach((word, index) => {
    const lower = word.toLowerCase();
    let n = 0;
    for (let i = 0; i < lower.length; i++) {
      const c = lower.charCodeAt(i);
      let child = next[n].get(c);
      if (child === undefined) {
        child = next.length;
        next.push(new Map());
        out.push([]);
        next[n].set(c, child);
      }
      n = child;
    }
    out[n].push(index);
  });

  const fail = new Int32Array(next.length);
  const queue: number[] = [];
  for (const child of next[0].values()) queue.push(child); // depth 1 fails to the root
  for (let head = 0; head < queue.length; head++) {
    const n = queue[head];
    for (const [c, child] of next[n]) {
      let f = fail[n];
      while (f !== 0 && !next[f].has(c)) f = fail[f];
      const target = next[f].get(c);
      fail[child] = target !== undefined && target !== child ? target : 0;
      if (out[fail[child]].length) out[child] = [...out[child], ...out[fail[child]]];
      queue.push(child);
    }
  }

  return {
    size: words.length,
    find(text: string, limit = Infinity): string[] {
      if (!words.length || !text) return [];
      const lower = text.toLowerCase();
      const found: number[] = [];
      const seen = new Set<number>();
      let n = 0;
      for (let i = 0; i < lower.length; i++) {
        const c = lower.charCodeAt(i);
        while (n !== 0 && !next[n].has(c)) n = fail[n];
        n = next[n].get(c) ?? 0;
        for (const w of out[n]) {
          if (seen.has(w)) continue;
          seen.add(w);
          found.push(w);
          if (found.length >= limit) return found.map((x) => words[x]);
        }
      }
      return found.map((x) => words[x]);
    },
  };
}
