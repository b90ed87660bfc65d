import { describe, expect, it } from 'vitest';
import { DAY, eventsOf, openNodes, setup } from './helpers.ts';

const mi = (attrs: string, inner = '') =>
  `<startEvent id="s"/><userTask id="sign" flowable:assignee="\${signer}">
     <multiInstanceLoopCharacteristics ${attrs} flowable:collection="signers" flowable:elementVariable="signer">${inner}</multiInstanceLoopCharacteristics>
   </userTask><userTask id="after"/><endEvent id="e"/>`;
const spec = 's -> sign -> after -> e';
const signers = ['zhang', 'li', 'wang', 'zhao'];

describe('parallel multi-instance', () => {
  it('会签: every signer gets a task; the flow continues after the last one', async () => {
    const { rt } = await setup(mi('isSequential="false"'), spec);
    const id = await rt.start('p', { variables: { signers } });
    const tasks = rt.openTasks(id);
    expect(tasks.map((t) => t.assignee).sort()).toEqual([...signers].sort());
    expect(tasks.map((t) => t.loopCounter).sort()).toEqual([0, 1, 2, 3]);
    const [scope] = rt.stored(id).scopes.values();
    expect(scope.vars).toEqual({ nrOfInstances: 4, nrOfCompletedInstances: 0, nrOfActiveInstances: 4 });
    for (const t of tasks.slice(0, 3)) await rt.complete(t.id);
    expect(openNodes(rt, id)).toEqual(['sign']);
    expect([...rt.stored(id).scopes.values()][0].vars).toEqual({ nrOfInstances: 4, nrOfCompletedInstances: 3, nrOfActiveInstances: 1 });
    await rt.complete(tasks[3].id);
    expect(openNodes(rt, id)).toEqual(['after']);
    expect(rt.stored(id).scopes.size).toBe(0);
  });

  it('或签: the first one wins, the others are cancelled', async () => {
    const { rt } = await setup(mi('', '<completionCondition>${nrOfCompletedInstances >= 1}</completionCondition>'), spec);
    const id = await rt.start('p', { variables: { signers } });
    await rt.complete(rt.openTasks(id).find((t) => t.assignee === 'li')!.id);
    expect(openNodes(rt, id)).toEqual(['after']);
    expect(eventsOf(rt, id, 'cancel')).toHaveLength(3);
    expect(rt.history.filter((e) => e.type === 'cancel').every((e) => e.data?.reason === 'completionCondition')).toBe(true);
  });

  it('≥ 50 %: continues once half have signed', async () => {
    const { rt } = await setup(mi('', '<completionCondition>${nrOfCompletedInstances/nrOfInstances >= 0.5}</completionCondition>'), spec);
    const id = await rt.start('p', { variables: { signers } });
    const [a, b] = rt.openTasks(id);
    await rt.complete(a.id);
    expect(openNodes(rt, id)).toEqual(['sign', 'sign', 'sign']);
    await rt.complete(b.id);
    expect(openNodes(rt, id)).toEqual(['after']);
  });

  it('countersign with rejection: one 驳回 ends the signing', async () => {
    const { rt } = await setup(mi('', '<completionCondition>${rejected == true || nrOfActiveInstances == 0}</completionCondition>'), spec);
    const id = await rt.start('p', { variables: { signers, rejected: false } });
    await rt.complete(rt.openTasks(id)[0].id, { variables: { rejected: true } });
    expect(openNodes(rt, id)).toEqual(['after']);
  });

  it('an empty collection skips the task', async () => {
    const { rt } = await setup(mi(''), spec);
    const id = await rt.start('p', { variables: { signers: [] } });
    expect(openNodes(rt, id)).toEqual(['after']);
  });

  it('loopCardinality without a collection', async () => {
    const elements = `<startEvent id="s"/><userTask id="sign"><multiInstanceLoopCharacteristics><loopCardinality>\${n}</loopCardinality></multiInstanceLoopCharacteristics></userTask><userTask id="after"/>`;
    const { rt } = await setup(elements, 's -> sign -> after');
    const id = await rt.start('p', { variables: { n: 3 } });
    expect(openNodes(rt, id)).toEqual(['sign', 'sign', 'sign']);
  });

  it('a collection that is not a list fails naming the task', async () => {
    const { rt } = await setup(mi(''), spec);
    await expect(rt.start('p', { variables: { signers: 'zhang' } })).rejects.toThrow(/sign 的集合不是列表/);
  });

  it('a boundary timer on the multi-instance task cancels all instances', async () => {
    const elements = `${mi('')}<userTask id="late"/><boundaryEvent id="t" attachedToRef="sign"><timerEventDefinition><timeDuration>P1D</timeDuration></timerEventDefinition></boundaryEvent>`;
    const { rt } = await setup(elements, `${spec}\nt -> late`);
    const id = await rt.start('p', { variables: { signers } });
    expect(rt.jobs(id)).toHaveLength(1);
    expect(rt.jobs(id)[0].attachedScopeId).not.toBeNull();
    rt.advance(DAY);
    await rt.fireDue();
    expect(openNodes(rt, id)).toEqual(['late']);
    expect(rt.stored(id).scopes.size).toBe(0);
  });
});

describe('sequential multi-instance', () => {
  it('依次: one task at a time, in the collection’s order', async () => {
    const { rt } = await setup(mi('isSequential="true"'), spec);
    const id = await rt.start('p', { variables: { signers } });
    const order: string[] = [];
    for (let i = 0; i < 4; i++) {
      const [t] = rt.openTasks(id);
      expect(t.loopCounter).toBe(i);
      expect(t.localVars).toEqual({ loopCounter: i, signer: signers[i] });
      order.push(t.assignee!);
      await rt.complete(t.id);
    }
    expect(order).toEqual(signers);
    expect(openNodes(rt, id)).toEqual(['after']);
  });

  it('stops early on its completion condition', async () => {
    const { rt } = await setup(mi('isSequential="true"', "<completionCondition>${outcome == '驳回'}</completionCondition>"), spec);
    const id = await rt.start('p', { variables: { signers, outcome: '' } });
    await rt.complete(rt.openTasks(id)[0].id, { variables: { outcome: '通过' } });
    await rt.complete(rt.openTasks(id)[0].id, { variables: { outcome: '驳回' } });
    expect(openNodes(rt, id)).toEqual(['after']);
    expect(eventsOf(rt, id, 'create').filter((n) => n === 'sign')).toHaveLength(2);
  });
});
