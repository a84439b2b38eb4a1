// The console's texts: the shell's own files plus one pair per feature, listed explicitly. Each feature keeps
// its keys under its own top-level name, so features can be added without touching each other's files.
import zhCN from './zh-CN.json';
import enUS from './en-US.json';
import tokenZh from '../features/token/token.zh-CN.json';
import tokenEn from '../features/token/token.en-US.json';
import channelZh from '../features/channel/channel.zh-CN.json';
import channelEn from '../features/channel/channel.en-US.json';
import logZh from '../features/log/log.zh-CN.json';
import logEn from '../features/log/log.en-US.json';

export type Tree = { [key: string]: string | Tree };

/** [zh-CN, en-US] pairs; add a feature's pair here. */
const PARTS: Array<[Tree, Tree]> = [[zhCN as Tree, enUS as Tree], [tokenZh as Tree, tokenEn as Tree], [channelZh as Tree, channelEn as Tree], [logZh as Tree, logEn as Tree]];

const merge = (trees: Tree[]): Tree => Object.assign({}, ...trees);

export const RESOURCES: { 'zh-CN': Tree; 'en-US': Tree } = {
  'zh-CN': merge(PARTS.map(([zh]) => zh)),
  'en-US': merge(PARTS.map(([, en]) => en)),
};
