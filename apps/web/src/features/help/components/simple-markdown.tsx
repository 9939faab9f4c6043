import { lazy, type ReactNode, Suspense, useMemo } from 'react';
import styles from './markdown.module.css';
import { HEADING_TAGS, MarkdownLink } from './markdown-links';

/**
 * The everyday part of Markdown (paragraphs, flat lists, # headings, **strong**, *emphasis*, `code`,
 * [links](#/pages/...)) drawn without a parser library, for the pop-up announcement home shows on
 * opening: react-markdown and its parser weigh 35 KB gzipped, more than home itself. Whatever text
 * this does not accept line by line (block quotes, code blocks, images, HTML, escapes, nested or
 * loose lists, underscores, entities...) goes to react-markdown, fetched then. What it accepts it
 * draws exactly as react-markdown would: simple-markdown.test.ts compares the two on generated texts.
 */
export type Inline =
  | string
  | { kind: 'strong' | 'em'; children: Inline[] }
  | { kind: 'code'; text: string }
  | { kind: 'link'; href: string; children: Inline[] };

export type Block =
  | { kind: 'paragraph'; children: Inline[] }
  | { kind: 'heading'; level: keyof typeof HEADING_TAGS; children: Inline[] }
  | { kind: 'list'; ordered: boolean; start: number; items: Inline[][] };

/** Thrown inside the parser when the text leaves the subset; parseSimpleMarkdown answers null. */
class Unsupported extends Error {}
const unsupported = (): never => {
  throw new Unsupported();
};

// Characters and sequences that start constructs of the full syntax: escapes, HTML and autolinks,
// underscore emphasis (its intraword rules), character references, images.
const FULL_SYNTAX = /[\\<_\t\r\0]|!\[|&(#\d{1,7}|#[xX][\da-fA-F]{1,6}|[A-Za-z][A-Za-z\d]{1,31});/;
const BULLET = /^([-+*]) (\S.*)$/;
const NUMBERED = /^(0|[1-9]\d{0,8})\. (\S.*)$/;
const HEADING = /^(#{1,6}) (\S(?:.*\S)?)$/;
/** A line that would open another kind of block: list items, headings, quotes, fences, breaks, setext underlines. */
const BLOCK_START = /^([-+*]( |$)|\d{1,9}[.)]( |$)|#{1,6}( |$)|>|```|~~~|[-*_= ]+$)/;
/** What the full renderer would pass through unchanged (its percent-encoding and entity decoding left aside). */
const PLAIN_URL = /^[A-Za-z\d!#$'+,\-./:;=?@~]*$/;
const SAFE_PROTOCOL = /^(https?|ircs?|mailto|xmpp)$/i;
const WHITESPACE = /\s/u;
const PUNCTUATION = /[\p{P}\p{S}]/u;

/** react-markdown's defaultUrlTransform: a scheme other than the safe ones empties the address. */
export function safeUrl(value: string): string {
  const colon = value.indexOf(':');
  const before = (mark: string) => {
    const at = value.indexOf(mark);
    return at !== -1 && colon > at;
  };
  if (colon === -1 || before('/') || before('?') || before('#') || SAFE_PROTOCOL.test(value.slice(0, colon))) return value;
  return '';
}

const isSpace = (char: string | undefined) => char === undefined || WHITESPACE.test(char);
const isPunctuation = (char: string | undefined) => char !== undefined && PUNCTUATION.test(char);

/** CommonMark's flanking rules for a `*` run between `before` and `after` (undefined: the text's edge). */
function leftFlanking(before: string | undefined, after: string | undefined): boolean {
  return !isSpace(after) && (!isPunctuation(after) || isSpace(before) || isPunctuation(before));
}
function rightFlanking(before: string | undefined, after: string | undefined): boolean {
  return !isSpace(before) && (!isPunctuation(before) || isSpace(after) || isPunctuation(after));
}

function parseInline(text: string, inLink = false): Inline[] {
  const out: Inline[] = [];
  let plain = '';
  const flush = () => {
    if (plain) out.push(plain);
    plain = '';
  };
  let i = 0;
  while (i < text.length) {
    const char = text[i] as string;
    if (char === '`') {
      const end = text.indexOf('`', i + 1);
      const code = end === -1 ? '' : text.slice(i + 1, end);
      if (code === '' || code.includes('\n') || code.startsWith(' ') || code.endsWith(' ')) unsupported();
      flush();
      out.push({ kind: 'code', text: code });
      i = end + 1;
    } else if (char === '[') {
      const close = text.indexOf(']', i + 1);
      const label = close === -1 ? '' : text.slice(i + 1, close);
      const urlEnd = close === -1 ? -1 : text.indexOf(')', close);
      const url = text.slice(close + 2, urlEnd);
      if (inLink || label === '' || label.includes('[') || text[close + 1] !== '(' || urlEnd === -1 || !PLAIN_URL.test(url)) unsupported();
      flush();
      out.push({ kind: 'link', href: safeUrl(url), children: parseInline(label, true) });
      i = urlEnd + 1;
    } else if (char === '*') {
      const size = text[i + 1] === '*' ? 2 : 1;
      const mark = '*'.repeat(size);
      const end = text.indexOf(mark, i + size);
      const inner = end === -1 ? '' : text.slice(i + size, end);
      if (
        text[i + size] === '*' ||
        inner === '' ||
        inner.includes('*') ||
        text[end + size] === '*' ||
        !leftFlanking(text[i - 1], text[i + size]) ||
        !rightFlanking(text[end - 1], text[end + size])
      ) {
        unsupported();
      }
      flush();
      out.push({ kind: size === 2 ? 'strong' : 'em', children: parseInline(inner, inLink) });
      i = end + size;
    } else if (char === ']') {
      unsupported();
    } else {
      plain += char;
      i += 1;
    }
  }
  flush();
  return out;
}

function parseBlocks(source: string): Block[] {
  if (FULL_SYNTAX.test(source)) unsupported();
  const blocks: Block[] = [];
  let paragraph: string[] | null = null;
  let list: { block: Extract<Block, { kind: 'list' }>; marker: string } | null = null;
  let blankSinceList = false;
  const endParagraph = () => {
    if (paragraph) blocks.push({ kind: 'paragraph', children: parseInline(paragraph.join('\n')) });
    paragraph = null;
  };
  const lines = source.split('\n');
  for (const [index, line] of lines.entries()) {
    if (line === '') {
      endParagraph();
      if (list) blankSinceList = true;
      continue;
    }
    if (line.startsWith(' ') || line.endsWith(' ')) unsupported();
    const bullet = BULLET.exec(line);
    const numbered = bullet ? null : NUMBERED.exec(line);
    const heading = HEADING.exec(line);
    if (/^[-*_= ]+$/.test(line)) unsupported();
    if (bullet || numbered) {
      const [, marker = '', content = ''] = (bullet ?? numbered) as RegExpExecArray;
      const kind = bullet ? marker : '.';
      // A list may not follow a paragraph line, nor go on after a blank line (a loose list), nor change its marker.
      if (paragraph || BLOCK_START.test(content) || (list && (blankSinceList || list.marker !== kind))) unsupported();
      if (!list) {
        list = { block: { kind: 'list', ordered: !bullet, start: bullet ? 1 : Number(marker), items: [] }, marker: kind };
        blocks.push(list.block);
      }
      list.block.items.push(parseInline(content));
      continue;
    }
    if (list && !blankSinceList) unsupported();
    list = null;
    blankSinceList = false;
    if (heading) {
      const [, hashes = '', content = ''] = heading;
      if (paragraph || content.endsWith('#') || (lines[index + 1] ?? '') !== '') unsupported();
      blocks.push({ kind: 'heading', level: hashes.length as keyof typeof HEADING_TAGS, children: parseInline(content) });
      continue;
    }
    if (BLOCK_START.test(line)) unsupported();
    paragraph = [...(paragraph ?? []), line];
  }
  endParagraph();
  return blocks;
}

/** The blocks of `source` when it stays within the subset above, else null (react-markdown must draw it). */
export function parseSimpleMarkdown(source: string): Block[] | null {
  try {
    return parseBlocks(source);
  } catch (error) {
    if (error instanceof Unsupported) return null;
    throw error;
  }
}

function renderInline(nodes: Inline[]): ReactNode[] {
  return nodes.map((node, index) => {
    const key = `${index}`;
    if (typeof node === 'string') return node;
    if (node.kind === 'code') return <code key={key}>{node.text}</code>;
    if (node.kind === 'link') {
      return (
        <MarkdownLink key={key} href={node.href}>
          {renderInline(node.children)}
        </MarkdownLink>
      );
    }
    const Tag = node.kind;
    return <Tag key={key}>{renderInline(node.children)}</Tag>;
  });
}

/** Lines between blocks as react-markdown leaves them (text nodes of one line break). */
function joined(nodes: ReactNode[]): ReactNode[] {
  return nodes.flatMap((node, index) => (index === 0 ? [node] : ['\n', node]));
}

function renderBlock(block: Block, index: number): ReactNode {
  const key = `${index}`;
  if (block.kind === 'paragraph') return <p key={key}>{renderInline(block.children)}</p>;
  if (block.kind === 'heading') {
    const Tag = HEADING_TAGS[block.level];
    return <Tag key={key}>{renderInline(block.children)}</Tag>;
  }
  // Keys by position: the blocks of one text never move.
  const items = joined(
    block.items.map((item, n) => {
      const itemKey = `${n}`;
      return <li key={itemKey}>{renderInline(item)}</li>;
    }),
  );
  const children = ['\n', ...items, '\n'];
  if (!block.ordered) return <ul key={key}>{children}</ul>;
  return (
    <ol key={key} start={block.start === 1 ? undefined : block.start}>
      {children}
    </ol>
  );
}

const MarkdownText = lazy(() => import('./markdown').then((module) => ({ default: module.MarkdownText })));

/** Operator Markdown: drawn here when it keeps to the subset, else by react-markdown (see above). */
export function OperatorMarkdown({ source, testId }: { source: string; testId?: string }) {
  const blocks = useMemo(() => parseSimpleMarkdown(source), [source]);
  if (!blocks) {
    return (
      <Suspense fallback={null}>
        <MarkdownText source={source} testId={testId} />
      </Suspense>
    );
  }
  return (
    <div className={styles.markdown} data-testid={testId}>
      {joined(blocks.map(renderBlock))}
    </div>
  );
}
