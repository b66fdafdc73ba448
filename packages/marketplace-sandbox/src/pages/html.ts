/** Escapes text for HTML content and attribute values. */
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function htmlPage(input: { title: string; style: string; body: string; script?: string }): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(input.title)}</title><link rel="icon" href="data:,"><style>${input.style}</style></head>
<body>${input.body}${input.script ? `<script>${input.script}</script>` : ''}</body></html>`;
}
