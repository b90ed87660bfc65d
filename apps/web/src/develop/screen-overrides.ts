import type { Resource } from '@civdesk/meta';
import type { ComponentType } from 'react';
import { CodeScreen } from './code-screen.tsx';
import { ModelScreen } from './model-screen.tsx';

/** The code generator's screens for its resources, by resource name (one chunk, loaded with the domain). */
export const screens: Record<string, ComponentType<{ resource: Resource }>> = {
  model: ModelScreen,
  code: CodeScreen,
};
