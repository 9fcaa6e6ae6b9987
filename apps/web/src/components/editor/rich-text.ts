/** Plain helpers of the rich-text editor (no DOM, no React): unit-tested. */

/** True when the HTML holds no text and no image (what the server refuses as 请输入文章内容). */
export function isEmptyRichText(html: string): boolean {
  if (/<img\s/i.test(html)) return false;
  return (
    html
      .replace(/<[^>]*>/g, "")
      .replace(/&nbsp;|&#160;|\u00a0/g, " ")
      .trim() === ""
  );
}

/** Link addresses the editor accepts (the server keeps only these too). */
export const LINK_OK = /^(https?:\/\/|mailto:)\S+$/i;
