import { describe, expect, it } from 'vitest';
import { openNodes, setup } from './helpers.ts';

const chain = `<startEvent id="s"/><userTask id="a" flowable:assignee="boss"/><userTask id="b"/><endEvent id="e"/>`;

describe('add-sign (加签)', () => {
  it('before: the added people act first; the original task waits, then can be completed', async () => {
    const { rt } = await setup(chain, 's -> a -> b -> e');
    const id = await rt.start('p');
    const original = rt.task('a');
    await rt.addSign(original.id, 'before', ['u1', 'u2'], 'boss');
    const added = rt.openTasks(id).filter((t) => t.kind === 'signBefore');
    expect(added.map((t) => t.assignee).sort()).toEqual(['u1', 'u2']);
    expect(added.every((t) => t.parentTaskId === original.id && t.nodeId === 'a')).toBe(true);
    expect(rt.stored(id).tasks.get(original.id)!.waiting).toBe(true);
    const err = await rt.complete(original.id).catch((e) => e);
    expect(err.code).toBe('CONFLICT');
    await rt.complete(added[0].id);
    expect(rt.stored(id).tasks.get(original.id)!.waiting).toBe(true);
    await rt.complete(added[1].id);
    expect(rt.stored(id).tasks.get(original.id)!.waiting).toBe(false);
    expect(openNodes(rt, id)).toEqual(['a']);
    await rt.complete(original.id);
    expect(openNodes(rt, id)).toEqual(['b']);
  });

  it('after: completing the task creates the added tasks; the flow continues when they are done', async () => {
    const { rt } = await setup(chain, 's -> a -> b -> e');
    const id = await rt.start('p');
    const original = rt.task('a');
    await rt.addSign(original.id, 'after', ['u1'], 'boss');
    await rt.complete(original.id);
    const [added] = rt.openTasks(id);
    expect(added).toMatchObject({ nodeId: 'a', kind: 'signAfter', assignee: 'u1', parentTaskId: original.id });
    await rt.complete(added.id);
    expect(openNodes(rt, id)).toEqual(['b']);
  });

  it('refuses duplicates, mixing before and after, and signing on an added task', async () => {
    const { rt } = await setup(chain, 's -> a -> b -> e');
    const id = await rt.start('p');
    const original = rt.task('a');
    expect((await rt.addSign(original.id, 'before', ['boss']).catch((e) => e)).code).toBe('INVALID');
    await rt.addSign(original.id, 'after', ['u1']);
    expect((await rt.addSign(original.id, 'after', ['u1']).catch((e) => e)).code).toBe('INVALID');
    expect((await rt.addSign(original.id, 'before', ['u2']).catch((e) => e)).code).toBe('CONFLICT');
    const other = await rt.start('p');
    const t = rt.task('a', other);
    await rt.addSign(t.id, 'before', ['u3']);
    const added = rt.openTasks(other).find((x) => x.kind === 'signBefore')!;
    expect((await rt.addSign(added.id, 'before', ['u4']).catch((e) => e)).code).toBe('INVALID');
    expect(rt.openTasks(id)).toHaveLength(1);
  });

  it('on one signer of a 会签: that instance counts once its added signer is done', async () => {
    const elements = `<startEvent id="s"/><userTask id="sign"><multiInstanceLoopCharacteristics><loopCardinality>2</loopCardinality></multiInstanceLoopCharacteristics></userTask><userTask id="b"/>`;
    const { rt } = await setup(elements, 's -> sign -> b');
    const id = await rt.start('p');
    const [first, second] = rt.openTasks(id);
    await rt.addSign(first.id, 'after', ['u9']);
    await rt.complete(first.id);
    await rt.complete(second.id);
    expect(openNodes(rt, id)).toEqual(['sign']);
    const added = rt.openTasks(id)[0];
    expect(added.kind).toBe('signAfter');
    await rt.complete(added.id);
    expect(openNodes(rt, id)).toEqual(['b']);
  });

  it('a timer on the original task cancels the tasks added before it', async () => {
    const elements = `${chain}<boundaryEvent id="t" attachedToRef="a"><timerEventDefinition><timeDuration>P1D</timeDuration></timerEventDefinition></boundaryEvent>`;
    const { rt } = await setup(elements, 's -> a -> b -> e\nt -> b');
    const id = await rt.start('p');
    await rt.addSign(rt.task('a').id, 'before', ['u1']);
    rt.advance(86_400_000);
    await rt.fireDue();
    expect(openNodes(rt, id)).toEqual(['b']);
  });
});
