import { strToU8, type Zippable, zipSync } from 'fflate';
import type { Generated } from './api.ts';

/** The generated files of one or more generators as one zip, each under its repository path. */
export function zipOf(generated: Generated[]): Uint8Array {
  const tree: Zippable = {};
  for (const g of generated) for (const f of g.files) tree[f.path] = strToU8(f.content);
  return zipSync(tree, { level: 6 });
}

/** Saves bytes as a file through a temporary link (what a download button does without a server round trip). */
export function saveFile(bytes: Uint8Array, name: string, type = 'application/zip') {
  const url = URL.createObjectURL(new Blob([bytes as BlobPart], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
