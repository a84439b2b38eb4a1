import { describe, expect, it } from 'vitest';
import { buildMatcher, parseWordList } from './sensitive-words.js';

/** The obvious answer, one indexOf per word, to compare the automaton with. */
const naive = (words: string[], text: string) => parseWordList(words.join('\n')).filter((w) => text.toLowerCase().includes(w.toLowerCase()));

describe('parseWordList', () => {
  it('one word per line, trimmed, no blanks, no repeats ignoring case', () =>
    expect(parseWordList(' foo \r\n\nBar\nfoo\nbar\n  \n敏感词')).toEqual(['foo', 'Bar', '敏感词']));
});

describe('buildMatcher', () => {
  it('finds overlapping and nested words (the textbook he/she/his/hers case)', () => {
    const m = buildMatcher(['he', 'she', 'his', 'hers']);
    expect(m.size).toBe(4);
    expect(m.find('ushers').sort()).toEqual(['he', 'hers', 'she']);
    expect(m.find('ahishers').sort()).toEqual(['he', 'hers', 'his', 'she']);
    expect(m.find('nothing here but h e')).toEqual(['he']);
    expect(m.find('xyz')).toEqual([]);
  });

  it('ignores case on both sides and keeps the listed spelling', () => {
    const m = buildMatcher(['Test_Sensitive', 'BAD word']);
    expect(m.find('this is a TEST_sensitive prompt with a bad WORD')).toEqual(['Test_Sensitive', 'BAD word']);
  });

  it('matches Chinese and mixed text', () => {
    const m = buildMatcher(['敏感词', '违禁', 'abc敏']);
    expect(m.find('这里有一个敏感词，还有违禁内容')).toEqual(['敏感词', '违禁']);
    expect(m.find('xxabc敏感词')).toEqual(['abc敏', '敏感词']);
  });

  it('stops at the limit and reports each word once', () => {
    const m = buildMatcher(['a', 'b', 'c']);
    expect(m.find('aaabbbccc')).toEqual(['a', 'b', 'c']);
    expect(m.find('cba', 1)).toEqual(['c']);
  });

  it('an empty list or empty text finds nothing', () => {
    expect(buildMatcher([]).find('anything')).toEqual([]);
    expect(buildMatcher(['', '  ']).size).toBe(0);
    expect(buildMatcher(['x']).find('')).toEqual([]);
  });

  it('agrees with a word-by-word search on random inputs', () => {
    let seed = 7;
    const rnd = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    const alphabet = 'abAB敏c';
    const word = (len: number) => Array.from({ length: len }, () => alphabet[rnd(alphabet.length)]).join('');
    for (let round = 0; round < 200; round++) {
      const words = Array.from({ length: 1 + rnd(12) }, () => word(1 + rnd(4)));
      const text = word(rnd(60));
      expect(buildMatcher(words).find(text).sort(), `${JSON.stringify(words)} in ${text}`).toEqual(naive(words, text).sort());
    }
  });

  it('scans a long text against thousands of words in one pass', () => {
    const words = Array.from({ length: 5000 }, (_, i) => `forbidden${i}x`);
    const m = buildMatcher(words);
    const text = 'lorem ipsum dolor sit amet '.repeat(8000) + ' FORBIDDEN4321X ';
    const started = performance.now();
    expect(m.find(text)).toEqual(['forbidden4321x']);
    expect(performance.now() - started).toBeLessThan(200);
  });
});
