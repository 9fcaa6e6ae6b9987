/** The pages and text of a PDF (server-made certificates and reports), read with pdfjs-dist as a viewer would. */
export async function pdfText(bytes: Uint8Array | string): Promise<{ pages: number; text: string }> {
  // pdfjs-dist 5 wants Promise.withResolvers (Node ≥ 22); a small stand-in on older Node.
  const P = Promise as unknown as { withResolvers?: () => unknown };
  P.withResolvers ??= () => {
    let resolve: unknown;
    let reject: unknown;
    const promise = new Promise((a, b) => {
      resolve = a;
      reject = b;
    });
    return { promise, resolve, reject };
  };
  const data = typeof bytes === "string" ? new Uint8Array(Buffer.from(bytes, "base64")) : new Uint8Array(bytes);
  const { getDocument } = await import("pdfjs-dist/legacy/build/pdf.mjs");
  const pdf = await getDocument({ data, useSystemFonts: false }).promise;
  let text = "";
  for (let i = 1; i <= pdf.numPages; i++) {
    const c = await (await pdf.getPage(i)).getTextContent();
    text += c.items.map((x) => ("str" in x ? x.str : "")).join("");
  }
  return { pages: pdf.numPages, text };
}
