/**
 * Rich text of articles and reflections, sanitized on the server before it is stored (docs/decisions/0703): a
 * whitelist fit for an article editor. Links only http(s) and mailto (rel="noopener noreferrer"), images only
 * http(s) or our own /files/ addresses, inline styles only a few harmless properties with plain values. Everything
 * else — scripts, event attributes, iframes, forms, svg/math, javascript:/data: URLs — is dropped.
 */
import sanitizeHtml from "sanitize-html";

const BLOCK_STYLE = {
  "text-align": [/^(left|right|center|justify)$/],
  "padding-left": [/^\d{1,3}(px|em)$/],
};
const INLINE_STYLE = {
  color: [/^[a-z]{3,20}$/i, /^#[0-9a-f]{3,8}$/i, /^rgba?\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*(,\s*(0|1|0?\.\d+)\s*)?\)$/i],
  "background-color": [/^[a-z]{3,20}$/i, /^#[0-9a-f]{3,8}$/i, /^rgba?\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*(,\s*(0|1|0?\.\d+)\s*)?\)$/i],
  "font-size": [/^\d{1,2}(px|pt|em)$/],
  "font-weight": [/^(bold|normal|[1-9]00)$/],
  "text-decoration": [/^(underline|line-through|none)$/],
};

const LINK = /^(https?:\/\/|mailto:)/i;
const IMAGE = /^(https?:\/\/[^\s"'<>]+|\/files\/\d+[^\s"'<>]*)$/i;

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "p",
    "br",
    "hr",
    "div",
    "span",
    "ul",
    "ol",
    "li",
    "strong",
    "b",
    "em",
    "i",
    "u",
    "s",
    "strike",
    "del",
    "sub",
    "sup",
    "mark",
    "a",
    "img",
    "figure",
    "figcaption",
    "table",
    "thead",
    "tbody",
    "tfoot",
    "tr",
    "th",
    "td",
    "caption",
    "colgroup",
    "col",
    "blockquote",
    "pre",
    "code",
  ],
  allowedAttributes: {
    a: ["href", "title", "target", "rel"],
    img: ["src", "alt", "title", "width", "height"],
    th: ["colspan", "rowspan", "style"],
    td: ["colspan", "rowspan", "style"],
    col: ["span", "width"],
    ol: ["start"],
    code: ["class"],
    pre: ["class"],
    p: ["style"],
    div: ["style"],
    span: ["style"],
    h1: ["style"],
    h2: ["style"],
    h3: ["style"],
    h4: ["style"],
    h5: ["style"],
    h6: ["style"],
    li: ["style"],
    blockquote: ["style"],
  },
  allowedClasses: { code: ["language-*"], pre: ["language-*"] },
  allowedStyles: {
    "*": { ...BLOCK_STYLE, ...INLINE_STYLE },
  },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesByTag: { img: ["http", "https"] },
  allowedSchemesAppliedToAttributes: ["href", "src", "cite"],
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  enforceHtmlBoundary: false,
  transformTags: {
    a: (tagName, attribs) => {
      const href = (attribs.href ?? "").trim();
      const out: sanitizeHtml.Attributes = { rel: "noopener noreferrer" };
      if (LINK.test(href)) out.href = href;
      if (attribs.title) out.title = attribs.title;
      if (attribs.target === "_blank") out.target = "_blank";
      return { tagName, attribs: out };
    },
    img: (tagName, attribs) => {
      const src = (attribs.src ?? "").trim();
      const out: sanitizeHtml.Attributes = {};
      if (IMAGE.test(src)) out.src = src;
      for (const k of ["alt", "title"] as const) if (attribs[k]) out[k] = attribs[k];
      for (const k of ["width", "height"] as const) if (/^\d{1,4}%?$/.test(attribs[k] ?? "")) out[k] = attribs[k]!;
      return { tagName, attribs: out };
    },
  },
  // An image without an address shows nothing: drop it.
  exclusiveFilter: (frame) => frame.tag === "img" && !frame.attribs.src,
};

/** The stored form of rich text. */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

const ENTITIES: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#39;": "'", "&nbsp;": " " };

/** Plain text of (sanitized) rich text, whitespace collapsed. */
export function plainText(html: string): string {
  const spaced = html.replace(/<\/(p|div|h[1-6]|li|blockquote|pre|tr|td|th|caption|figcaption)>|<br\s*\/?>|<hr\s*\/?>/gi, "$& ");
  const text = sanitizeHtml(spaced, { allowedTags: [], allowedAttributes: {} });
  return text
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (m) => ENTITIES[m] ?? m)
    .replace(/\s+/g, " ")
    .trim();
}

/** The summary kept with an article: the start of its plain text. */
export function summaryOf(html: string, max = 120): string {
  const text = plainText(html);
  return text.length > max ? `${[...text].slice(0, max).join("")}…` : text;
}

/** Does the (sanitized) rich text show anything: text or an image? */
export function hasContent(html: string): boolean {
  return plainText(html) !== "" || /<img\s/i.test(html);
}
