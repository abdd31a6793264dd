import { useEffect, useState } from 'preact/hooks';

/** marked turns the text into HTML; DOMPurify removes what could run (scripts, handlers, `javascript:` links). */
async function render(text: string): Promise<string> {
  const [{ marked }, { default: DOMPurify }] = await Promise.all([import('marked'), import('dompurify')]);
  return DOMPurify.sanitize(await marked.parse(text, { gfm: true }));
}

/**
 * A preview of a richtext (Markdown) field as Strapi's editor shows it. The renderer is loaded
 * when a preview is first opened, so the edit view's chunk does not carry it.
 */
export function MarkdownPreview({ text }: { readonly text: string }) {
  const [html, setHtml] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    void render(text).then((rendered) => {
      if (current) setHtml(rendered);
    });
    return () => {
      current = false;
    };
  }, [text]);
  // The HTML was sanitized by DOMPurify in render().
  return html === null ? <div class="markdown-preview" aria-busy="true" /> : <div class="markdown-preview" dangerouslySetInnerHTML={{ __html: html }} />;
}
