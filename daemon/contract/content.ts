// Preview of operator-written content (spec 2 "other" tab): the same sanitiser the public pages use, so what the
// settings form shows is what visitors will see.

/** POST /api/content/preview */
export interface ContentPreviewRequest {
  text: string;
  /** Page content (home, about, agent rules, recruitment): one https URL alone means "embed this page". */
  page?: boolean;
}

export interface ContentPreview {
  /** Sanitised HTML; empty when the text is empty or is an embedded page. */
  html: string;
  /** The page to embed, when the text is one https URL and `page` was set. */
  embed_url: string;
}

/** Longest text a preview accepts (characters). */
export const CONTENT_PREVIEW_MAX = 1_000_000;
