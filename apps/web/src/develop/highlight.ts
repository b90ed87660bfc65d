// Syntax highlighting of the preview: highlight.js's core with only the TypeScript language, loaded
// the first time a preview opens (a chunk of its own, never in the shell).

type Highlighter = (code: string) => string;
let loading: Promise<Highlighter> | null = null;

export function loadHighlighter(): Promise<Highlighter> {
  loading ??= Promise.all([
    import('highlight.js/lib/core'),
    import('highlight.js/lib/languages/typescript'),
    import('./highlight.css'),
  ]).then(([core, ts]) => {
    const hljs = core.default;
    hljs.registerLanguage('typescript', ts.default);
    // The output escapes the code's own text: only the highlighter's spans are markup.
    return (code: string) => hljs.highlight(code, { language: 'typescript' }).value;
  });
  return loading;
}
