// Builds random well-formed processes (gateways paired, loops through an exclusive gateway) from
// every supported construct, for the random-walk test.
import { definitions } from '../testing/bpmn.ts';

export type Rand = () => number;

/** mulberry32: small, seedable, good enough to pick shapes and actions. */
export function seeded(seed: number): Rand {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const VARIABLES = ['c0', 'c1', 'c2', 'c3'];

interface Container {
  elements: string[];
  flows: string[];
}

interface Piece {
  entry: string;
  exit: string | null; // null: the piece ends its path (terminate end)
}

export class ModelBuilder {
  private n = 0;
  /** Nodes that may legitimately hold several positions at once (reminders of non-interrupting timers). */
  readonly repeatable = new Set<string>();

  constructor(private readonly rnd: Rand) {}

  private id(prefix: string): string {
    return `${prefix}${++this.n}`;
  }
  private pick<T>(items: T[]): T {
    return items[Math.floor(this.rnd() * items.length)];
  }
  private cond(): string {
    return `\${${this.pick(VARIABLES)}}`;
  }
  private flow(c: Container, from: string, to: string, condition?: string): string {
    const id = `f_${from}_${to}_${c.flows.length}`;
    c.flows.push(
      condition
        ? `<sequenceFlow id="${id}" sourceRef="${from}" targetRef="${to}"><conditionExpression xsi:type="tFormalExpression">${condition}</conditionExpression></sequenceFlow>`
        : `<sequenceFlow id="${id}" sourceRef="${from}" targetRef="${to}"/>`,
    );
    return id;
  }

  private task(c: Container): string {
    const id = this.id('t');
    c.elements.push(`<userTask id="${id}" flowable:assignee="u${Math.floor(this.rnd() * 3)}"/>`);
    return id;
  }

  private block(c: Container, depth: number): Piece {
    const kinds =
      depth >= 3
        ? ['task', 'task', 'service']
        : depth === 0
          ? ['par', 'incl', 'xor', 'loop', 'sub', 'boundary', 'mi']
          : ['task', 'task', 'seq', 'par', 'incl', 'xor', 'loop', 'sub', 'boundary', 'mi', 'timer', 'call', 'service'];
    const kind = this.pick(kinds);
    switch (kind) {
      case 'task': {
        const t = this.task(c);
        return { entry: t, exit: t };
      }
      case 'service': {
        const id = this.id('sv');
        c.elements.push(`<serviceTask id="${id}" civ:service="flip"/>`);
        return { entry: id, exit: id };
      }
      case 'seq': {
        const a = this.block(c, depth + 1);
        if (a.exit === null) return a;
        const b = this.block(c, depth + 1);
        this.flow(c, a.exit, b.entry);
        return { entry: a.entry, exit: b.exit };
      }
      case 'par':
      case 'incl': {
        const fork = this.id(kind === 'par' ? 'pf' : 'if');
        const join = this.id(kind === 'par' ? 'pj' : 'ij');
        const tag = kind === 'par' ? 'parallelGateway' : 'inclusiveGateway';
        const branches = 2 + Math.floor(this.rnd() * 2);
        const flowIds: string[] = [];
        for (let i = 0; i < branches; i++) {
          const b = this.block(c, depth + 1);
          flowIds.push(this.flow(c, fork, b.entry, kind === 'incl' && i < branches - 1 ? this.cond() : undefined));
          if (b.exit !== null) this.flow(c, b.exit, join);
        }
        c.elements.push(`<${tag} id="${fork}"${kind === 'incl' ? ` default="${flowIds[branches - 1]}"` : ''}/>`, `<${tag} id="${join}"/>`);
        return { entry: fork, exit: join };
      }
      case 'xor': {
        const split = this.id('xs');
        const merge = this.id('xm');
        const a = this.block(c, depth + 1);
        const terminate = this.rnd() < 0.15;
        const bEntry = terminate ? this.id('kill') : this.block(c, depth + 1);
        if (terminate) c.elements.push(`<endEvent id="${bEntry}"><terminateEventDefinition/></endEvent>`);
        this.flow(c, split, a.entry, this.cond());
        const def = this.flow(c, split, typeof bEntry === 'string' ? bEntry : bEntry.entry);
        if (a.exit) this.flow(c, a.exit, merge);
        if (typeof bEntry !== 'string' && bEntry.exit) this.flow(c, bEntry.exit, merge);
        c.elements.push(`<exclusiveGateway id="${split}" default="${def}"/>`, `<exclusiveGateway id="${merge}"/>`);
        return { entry: split, exit: merge };
      }
      case 'loop': {
        const merge = this.id('lm');
        const check = this.id('lc');
        const body = this.block(c, depth + 1);
        if (body.exit === null) return body;
        this.flow(c, merge, body.entry);
        this.flow(c, body.exit, check);
        this.flow(c, check, merge, this.cond());
        const out = this.task(c);
        const def = this.flow(c, check, out);
        c.elements.push(`<exclusiveGateway id="${merge}"/>`, `<exclusiveGateway id="${check}" default="${def}"/>`);
        return { entry: merge, exit: out };
      }
      case 'sub': {
        const id = this.id('sp');
        const inner: Container = { elements: [], flows: [] };
        const start = this.id('ss');
        const end = this.id('se');
        const body = this.block(inner, depth + 1);
        this.flow(inner, start, body.entry);
        if (body.exit) this.flow(inner, body.exit, end);
        inner.elements.push(`<startEvent id="${start}"/>`, `<endEvent id="${end}"/>`);
        c.elements.push(`<subProcess id="${id}">${inner.elements.join('')}${inner.flows.join('')}</subProcess>`);
        return this.rnd() < 0.5 ? this.withBoundary(c, id, true) : { entry: id, exit: id };
      }
      case 'boundary':
        return this.withBoundary(c, this.task(c), this.rnd() < 0.6);
      case 'mi': {
        const id = this.id('mi');
        const completion = this.rnd() < 0.4 ? '<completionCondition>${nrOfCompletedInstances >= 1}</completionCondition>' : '';
        const seq = this.rnd() < 0.5 ? 'true' : 'false';
        c.elements.push(
          `<userTask id="${id}"><multiInstanceLoopCharacteristics isSequential="${seq}"><loopCardinality>${2 + Math.floor(this.rnd() * 2)}</loopCardinality>${completion}</multiInstanceLoopCharacteristics></userTask>`,
        );
        return { entry: id, exit: id };
      }
      case 'timer': {
        const id = this.id('tc');
        c.elements.push(
          `<intermediateCatchEvent id="${id}"><timerEventDefinition><timeDuration>PT1H</timeDuration></timerEventDefinition></intermediateCatchEvent>`,
        );
        return { entry: id, exit: id };
      }
      default: {
        const id = this.id('ca');
        c.elements.push(
          `<callActivity id="${id}" calledElement="child"><extensionElements><camunda:in variables="all"/></extensionElements></callActivity>`,
        );
        return { entry: id, exit: id };
      }
    }
  }

  /** An interrupting timer takes an escalation path that merges back; a non-interrupting one starts a reminder that ends alone. */
  private withBoundary(c: Container, host: string, interrupting: boolean): Piece {
    const b = this.id('b');
    c.elements.push(
      `<boundaryEvent id="${b}" attachedToRef="${host}" cancelActivity="${interrupting}"><timerEventDefinition><timeDuration>P1D</timeDuration></timerEventDefinition></boundaryEvent>`,
    );
    if (!interrupting) {
      const reminder = this.task(c);
      this.repeatable.add(reminder);
      const end = this.id('re');
      c.elements.push(`<endEvent id="${end}"/>`);
      this.flow(c, b, reminder);
      this.flow(c, reminder, end);
      return { entry: host, exit: host };
    }
    const merge = this.id('bm');
    const escalate = this.task(c);
    c.elements.push(`<exclusiveGateway id="${merge}"/>`);
    this.flow(c, host, merge);
    this.flow(c, b, escalate);
    this.flow(c, escalate, merge);
    return { entry: host, exit: merge };
  }

  build(): string {
    const c: Container = { elements: ['<startEvent id="s"/>', '<endEvent id="e"/>'], flows: [] };
    // A chain of 2–4 top-level blocks, each a composite construct.
    let last = 's';
    for (let i = 2 + Math.floor(this.rnd() * 3); i > 0; i--) {
      const body = this.block(c, 0);
      this.flow(c, last, body.entry);
      if (!body.exit) return this.wrap(c);
      last = body.exit;
    }
    this.flow(c, last, 'e');
    return this.wrap(c);
  }

  private wrap(c: Container): string {
    const child =
      '<process id="child"><startEvent id="cs"/><userTask id="ct"/><endEvent id="ce"/><sequenceFlow id="c1" sourceRef="cs" targetRef="ct"/><sequenceFlow id="c2" sourceRef="ct" targetRef="ce"/></process>';
    return definitions(`<process id="p">${c.elements.join('\n')}\n${c.flows.join('\n')}</process>${child}`);
  }
}
