// Where Azure OpenAI calls go (new-api relay/channel/openai GetRequestURL, Azure case): the endpoint path under
// {base}/openai/deployments/{deployment}/ with ?api-version= from the channel's `other` (default
// AZURE_DEFAULT_API_VERSION), the Responses API under {base}/openai/v1/responses?api-version=preview, and the key
// in the `api-key` header. Pure string building, shared by the relay adapter and channel management.
import { AZURE_DEFAULT_API_VERSION, effectiveBaseUrl } from '../../contract/channel-types.js';

export const AZURE_TYPE = 3;
/** new-api's api-version for the Responses API on Azure's v1 path. */
const RESPONSES_API_VERSION = 'preview';

/** The channel's api-version, or the default when `other` is empty. */
export const azureApiVersion = (other: string): string => other.trim() || AZURE_DEFAULT_API_VERSION;

/**
 * The deployment a model is served by. A name the channel's model mapping produced is the admin's deployment name
 * and is used as written; an unmapped model name loses its dots, as Azure's default deployment names do
 * (gpt-3.5-turbo is deployed as gpt-35-turbo; one-api issue #67).
 */
export const azureDeployment = (clientModel: string, upstreamModel: string): string =>
  upstreamModel !== clientModel ? upstreamModel : upstreamModel.replace(/\./g, '');

const root = (baseUrl: string): string => effectiveBaseUrl(AZURE_TYPE, baseUrl).replace(/\/+$/, '');

/** URL of an OpenAI endpoint path ('/chat/completions') on one deployment. */
export function azureDeploymentUrl(baseUrl: string, other: string, deployment: string, path: string): string {
  const version = encodeURIComponent(azureApiVersion(other));
  return `${root(baseUrl)}/openai/deployments/${encodeURIComponent(deployment)}${path}?api-version=${version}`;
}

/** The Responses API names no deployment: the model travels in the body. */
export const azureResponsesUrl = (baseUrl: string): string => `${root(baseUrl)}/openai/v1/responses?api-version=${RESPONSES_API_VERSION}`;

/** The models the resource offers (GET, same api-version as the calls). */
export const azureModelsUrl = (baseUrl: string, other: string): string =>
  `${root(baseUrl)}/openai/models?api-version=${encodeURIComponent(azureApiVersion(other))}`;

export const azureHeaders = (key: string): Record<string, string> => ({ 'api-key': key });
