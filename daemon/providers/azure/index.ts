// The Azure OpenAI family (type 3): OpenAI's request and answer bodies, streams and usage (providers/openai/),
// sent to deployment URLs with an api-version and the `api-key` header (urls.ts). Azure has no moderations or
// rerank API, so those capabilities are absent; Claude-format clients reach chat through the registry's bridge.
import type { ChannelView, ProviderFamily, UpstreamCall } from '../types.js';
import { openaiStyleEndpoints, type OpenAIDialect } from '../openai/endpoints.js';
import { openaiError } from '../openai/errors.js';
import { AZURE_TYPE, azureDeployment, azureDeploymentUrl, azureHeaders, azureResponsesUrl } from './urls.js';

export const azureDialect: OpenAIDialect = {
  url: (call: UpstreamCall, path: string) =>
    path === '/responses'
      ? azureResponsesUrl(call.channel.baseUrl)
      : azureDeploymentUrl(call.channel.baseUrl, call.channel.other, azureDeployment(call.clientModel, call.model), path),
  headers: (c: ChannelView) => azureHeaders(c.key),
  streamUsage: () => true, // Azure accepts stream_options (reference §5)
};

const { 'openai.moderations': _moderations, rerank: _rerank, ...endpoints } = openaiStyleEndpoints(azureDialect);

export const azureFamily: ProviderFamily = {
  id: 'azure',
  channelTypes: [AZURE_TYPE],
  endpoints,
  error: openaiError,
};
