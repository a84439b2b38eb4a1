// Every entity, listed explicitly (a bundled binary cannot discover folders at run time).
import { UserEntity } from './user/user.entity.js';
import { OptionEntity, CacheEpochEntity, CacheChangeEntity } from './option/option.entity.js';
import { SetupEntity } from './setup/setup.entity.js';
import { SessionEntity } from './session/session.entity.js';
import { TokenEntity } from './token/token.entity.js';
import { ChannelEntity } from './channel/channel.entity.js';
import { AbilityEntity } from './channel/ability.entity.js';
import { LogEntity } from './log/log.entity.js';
import { RedemptionEntity } from './redemption/redemption.entity.js';
import { TopUpEntity } from './topup/topup.entity.js';
import { InvoiceEntity } from './invoice/invoice.entity.js';
import { AgentEntity } from './agent/agent.entity.js';
import { AgentOptionEntity } from './agent/agent-option.entity.js';
import { SettlementEntity } from './settlement/settlement.entity.js';
import { MidjourneyEntity } from './midjourney/midjourney.entity.js';
import { TaskEntity } from './task/task.entity.js';
import { QuotaDataEntity } from './quota_data/quota_data.entity.js';
import { VerificationEntity } from './verification/verification.entity.js';

export const entities = [
  UserEntity,
  OptionEntity,
  CacheEpochEntity,
  CacheChangeEntity,
  SetupEntity,
  SessionEntity,
  TokenEntity,
  ChannelEntity,
  AbilityEntity,
  LogEntity,
  RedemptionEntity,
  TopUpEntity,
  InvoiceEntity,
  AgentEntity,
  AgentOptionEntity,
  SettlementEntity,
  MidjourneyEntity,
  TaskEntity,
  QuotaDataEntity,
  VerificationEntity,
];
