// Three kinds of failure, each with a Chinese message for users and the ids a developer needs.

/** The definition cannot be deployed: unsupported element, broken reference, bad expression. */
export class ModelError extends Error {
  override name = 'ModelError';
  constructor(
    message: string,
    readonly elementId?: string,
    readonly elementType?: string,
  ) {
    super(message);
  }
}

/** An expression failed to compile or to evaluate; `owner` is the flow, task or event it belongs to. */
export class ExpressionError extends Error {
  override name = 'ExpressionError';
  constructor(
    message: string,
    readonly source: string,
    readonly owner?: string,
  ) {
    super(message);
  }
}

/**
 * A command cannot run on this instance now. `code` tells the caller which answer to give:
 * NOT_FOUND (no such open task / job / token), CONFLICT (state changed: already done, waiting,
 * ended), INVALID (the request itself is wrong: bad target, duplicate signer), FAILED (the model or
 * a handler failed while running: expression error, missing handler).
 */
export type CommandErrorCode = 'NOT_FOUND' | 'CONFLICT' | 'INVALID' | 'FAILED';

export class CommandError extends Error {
  override name = 'CommandError';
  constructor(
    readonly code: CommandErrorCode,
    message: string,
    override readonly cause?: unknown,
  ) {
    super(message);
  }
}
