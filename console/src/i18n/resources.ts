// The console's texts: the shell's own files plus one pair per feature, listed explicitly. Each feature keeps
// its keys under its own top-level name, so features can be added without touching each other's files.
import zhCN from './zh-CN.json';
import enUS from './en-US.json';
import tokenZh from '../features/token/token.zh-CN.json';
import tokenEn from '../features/token/token.en-US.json';
import channelZh from '../features/channel/channel.zh-CN.json';
import channelEn from '../features/channel/channel.en-US.json';
import channelTypeZh from '../features/channel/channel-types.zh-CN.json';
import channelTypeEn from '../features/channel/channel-types.en-US.json';
import logZh from '../features/log/log.zh-CN.json';
import logEn from '../features/log/log.en-US.json';
import userAdminZh from '../features/user/user.zh-CN.json';
import userAdminEn from '../features/user/user.en-US.json';
import oauthZh from '../features/oauth/oauth.zh-CN.json';
import oauthEn from '../features/oauth/oauth.en-US.json';
import optionFormZh from '../features/setting/options/option-form.zh-CN.json';
import optionFormEn from '../features/setting/options/option-form.en-US.json';
import siteSettingZh from '../features/setting/site-settings.zh-CN.json';
import siteSettingEn from '../features/setting/site-settings.en-US.json';
import settingOperationZh from '../features/setting/operation/operation.zh-CN.json';
import settingOperationEn from '../features/setting/operation/operation.en-US.json';
import settingRateLimitZh from '../features/setting/ratelimit/ratelimit.zh-CN.json';
import settingRateLimitEn from '../features/setting/ratelimit/ratelimit.en-US.json';
import settingModelsZh from '../features/setting/models/models.zh-CN.json';
import settingModelsEn from '../features/setting/models/models.en-US.json';
import personalZh from '../features/setting/personal/personal.zh-CN.json';
import personalEn from '../features/setting/personal/personal.en-US.json';
import accountZh from '../features/account/account.zh-CN.json';
import accountEn from '../features/account/account.en-US.json';
import pricingZh from '../features/pricing/pricing.zh-CN.json';
import pricingEn from '../features/pricing/pricing.en-US.json';
import redemptionZh from '../features/redemption/redemption.zh-CN.json';
import redemptionEn from '../features/redemption/redemption.en-US.json';
import redeemZh from '../features/wallet/redeem.zh-CN.json';
import redeemEn from '../features/wallet/redeem.en-US.json';
import walletZh from '../features/wallet/wallet.zh-CN.json';
import walletEn from '../features/wallet/wallet.en-US.json';
import ordersZh from '../features/orders/orders.zh-CN.json';
import ordersEn from '../features/orders/orders.en-US.json';
import agentsZh from '../features/agents/agents.zh-CN.json';
import agentsEn from '../features/agents/agents.en-US.json';

export type Tree = { [key: string]: string | Tree };

/** [zh-CN, en-US] pairs; add a feature's pair here. */
const PARTS: Array<[Tree, Tree]> = [[zhCN as Tree, enUS as Tree], [tokenZh as Tree, tokenEn as Tree], [channelZh as Tree, channelEn as Tree], [channelTypeZh as Tree, channelTypeEn as Tree], [logZh as Tree, logEn as Tree], [userAdminZh as Tree, userAdminEn as Tree], [oauthZh as Tree, oauthEn as Tree], [optionFormZh as Tree, optionFormEn as Tree], [siteSettingZh as Tree, siteSettingEn as Tree], [settingOperationZh as Tree, settingOperationEn as Tree], [settingRateLimitZh as Tree, settingRateLimitEn as Tree], [settingModelsZh as Tree, settingModelsEn as Tree], [personalZh as Tree, personalEn as Tree], [accountZh as Tree, accountEn as Tree], [pricingZh as Tree, pricingEn as Tree], [redemptionZh as Tree, redemptionEn as Tree], [redeemZh as Tree, redeemEn as Tree], [walletZh as Tree, walletEn as Tree], [ordersZh as Tree, ordersEn as Tree], [agentsZh as Tree, agentsEn as Tree]];

const merge = (trees: Tree[]): Tree => Object.assign({}, ...trees);

export const RESOURCES: { 'zh-CN': Tree; 'en-US': Tree } = {
  'zh-CN': merge(PARTS.map(([zh]) => zh)),
  'en-US': merge(PARTS.map(([, en]) => en)),
};
