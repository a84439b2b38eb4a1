// Relay messages of the Gemini routes and bridges (reference §6.2): media a Gemini upstream needs inline, and
// paths of the Gemini API the gateway does not serve. Shown in Google's error shape to Gemini clients.
export const relayGeminiMessages = {
  'relay.too_many_images': { zh: '图片数量过多：每个请求最多 {max} 张', en: 'Too many images: at most {max} per request' },
  'relay.media_fetch_failed': { zh: '无法获取图片 {url}：{reason}', en: 'Could not fetch the image {url}: {reason}' },
  'relay.media_type_unsupported': { zh: '不支持的媒体类型 {type}（{url}）', en: 'Unsupported media type {type} ({url})' },
  'relay.gemini_method_unknown': { zh: '不支持的 Gemini 接口方法：{method}', en: 'Unsupported Gemini API method: {method}' },
} as const satisfies Record<string, { zh: string; en: string }>;
