// The package ships no types: the part of its API the signing panel uses.
declare module 'react-signature-canvas' {
  import type { Component } from 'react';
  export type SignatureCanvasProps = {
    penColor?: string;
    canvasProps?: Record<string, unknown>;
    onEnd?: () => void;
  };
  export default class SignatureCanvas extends Component<SignatureCanvasProps> {
    clear(): void;
    isEmpty(): boolean;
    toDataURL(type?: string): string;
  }
}
