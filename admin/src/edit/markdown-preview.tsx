import type { ComponentChildren } from 'preact';

/**
 * A preview of Markdown text: headings, paragraphs, lists, quotes, fenced code, and **bold**,
 * _italic_, `code` and [links](url) inline. Built as elements, never as HTML, so that the text
 * cannot inject markup; links keep http(s), mailto and relative addresses only.
 */
export function MarkdownPreview({ text }: { readonly text: string }) {
  return <div class="markdown-preview">{blocks(text)}</div>;
}

function blocks(text: string): ComponentChildren[] {
  const out: ComponentChildren[] = [];
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  let index = 0;
  while (index < lines.length) {
    const line = lines[index] ?? '';
    if (line.trim() === '') {
      index += 1;
      continue;
    }
    if (line.startsWith('```')) {
      const code: string[] = [];
      index += 1;
      while (index < lines.length && !(lines[index] ?? '').startsWith('```')) code.push(lines[(index += 1) - 1] ?? '');
      index += 1;
      out.push(
        <pre key={out.length}>
          <code>{code.join('\n')}</code>
        </pre>,
      );
      continue;
    }
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    if (heading) {
      const level = Math.min((heading[1] ?? '#').length + 1, 6);
      const Tag = `h${level}` as 'h2';
      out.push(<Tag key={out.length}>{inline(heading[2] ?? '')}</Tag>);
      index += 1;
      continue;
    }
    const listMatch = /^\s*([-*+]|\d+\.)\s+/.exec(line);
    if (listMatch) {
      const ordered = /\d/.test(listMatch[1] ?? '');
      const items: ComponentChildren[] = [];
      while (index < lines.length && /^\s*([-*+]|\d+\.)\s+/.test(lines[index] ?? '')) {
        items.push(<li key={items.length}>{inline((lines[index] ?? '').replace(/^\s*([-*+]|\d+\.)\s+/, ''))}</li>);
        index += 1;
      }
      out.push(ordered ? <ol key={out.length}>{items}</ol> : <ul key={out.length}>{items}</ul>);
      continue;
    }
    const paragraph: string[] = [];
    const quote = line.startsWith('>');
    while (index < lines.length && (lines[index] ?? '').trim() !== '' && (lines[index] ?? '').startsWith('>') === quote && !/^(#{1,6}\s|```)/.test(lines[index] ?? '')) {
      paragraph.push((lines[index] ?? '').replace(/^>\s?/, ''));
      index += 1;
    }
    const body = inline(paragraph.join(' '));
    out.push(quote ? <blockquote key={out.length}>{body}</blockquote> : <p key={out.length}>{body}</p>);
  }
  return out;
}

const INLINE = /(\*\*[^*]+\*\*|__[^_]+__|\*[^*]+\*|_[^_]+_|`[^`]+`|\[[^\]]+\]\([^)\s]+\))/;

function inline(text: string): ComponentChildren[] {
  return text.split(INLINE).map((part, index) => {
    if (part.startsWith('**') || part.startsWith('__')) return part.length > 4 ? <strong key={index}>{part.slice(2, -2)}</strong> : part;
    if ((part.startsWith('*') && part.endsWith('*')) || (part.startsWith('_') && part.endsWith('_'))) return part.length > 2 ? <em key={index}>{part.slice(1, -1)}</em> : part;
    if (part.startsWith('`') && part.endsWith('`') && part.length > 2) return <code key={index}>{part.slice(1, -1)}</code>;
    const link = /^\[([^\]]+)\]\(([^)\s]+)\)$/.exec(part);
    if (link) {
      const href = link[2] ?? '';
      return /^(https?:|mailto:|\/|#)/i.test(href) ? (
        <a key={index} href={href} rel="noopener noreferrer" target="_blank">
          {link[1]}
        </a>
      ) : (
        link[1]
      );
    }
    return part;
  });
}
