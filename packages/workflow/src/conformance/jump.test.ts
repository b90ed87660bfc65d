import { describe, expect, it } from 'vitest';
import { returnTargets } from '../commands/jump.ts';
import { eventsOf, openNodes, setup } from './helpers.ts';

const tasks = (...ids: string[]) => ids.map((id) => `<userTask id="${id}"/>`).join('');

describe('return (退回)', () => {
  it('to an earlier step of a chain: current task returned, target re-created for the named person', async () => {
    const { rt } = await setup(`<startEvent id="s"/>${tasks('a', 'b', 'c')}`, 's -> a -> b -> c');
    const id = await rt.start('p');
    await rt.complete(rt.task('a').id, { actor: 'u1' });
    await rt.complete(rt.task('b').id, { actor: 'u2' });
    await rt.returnTo(rt.task('c').id, 'a', { actor: 'u3', opinion: '材料不全', assignee: 'u1' });
    expect(openNodes(rt, id)).toEqual(['a']);
    expect(rt.task('a').assignee).toBe('u1');
    const ret = rt.history.find((e) => e.type === 'return')!;
    expect(ret).toMatchObject({ nodeId: 'c', actor: 'u3', opinion: '材料不全', data: { target: 'a' } });
    const closed = rt.results.at(-1)!.result.changes.tasks!.closed!;
    expect(closed.map((c) => c.status)).toEqual(['returned']);
  });

  const block = `<startEvent id="s"/>${tasks('a', 'b1', 'b2', 'c', 'd')}<parallelGateway id="fork"/><parallelGateway id="join"/>`;
  const blockFlows = 's -> a -> fork\nfork -> b1 -> b2 -> join\nfork -> c -> join\njoin -> d';

  it('out of a parallel branch to before the fork: siblings cancelled, join waits reset', async () => {
    const { rt } = await setup(block, blockFlows);
    const id = await rt.start('p');
    await rt.complete(rt.task('a').id);
    await rt.complete(rt.task('c').id); // c waits at the join
    await rt.complete(rt.task('b1').id);
    expect(rt.stored(id).tokens.size).toBe(1);
    await rt.returnTo(rt.task('b2').id, 'a');
    expect(openNodes(rt, id)).toEqual(['a']);
    expect(rt.stored(id).tokens.size).toBe(0);
    // The block runs again normally and joins once.
    await rt.complete(rt.task('a').id);
    await rt.complete(rt.task('b1').id);
    await rt.complete(rt.task('b2').id);
    await rt.complete(rt.task('c').id);
    expect(openNodes(rt, id)).toEqual(['d']);
  });

  it('inside one branch: the other branch and its join arrival stay', async () => {
    const { rt } = await setup(block, blockFlows);
    const id = await rt.start('p');
    await rt.complete(rt.task('a').id);
    await rt.complete(rt.task('c').id);
    await rt.complete(rt.task('b1').id);
    await rt.returnTo(rt.task('b2').id, 'b1');
    expect(openNodes(rt, id)).toEqual(['b1']);
    expect(rt.stored(id).tokens.size).toBe(1);
    await rt.complete(rt.task('b1').id);
    await rt.complete(rt.task('b2').id);
    expect(openNodes(rt, id)).toEqual(['d']);
  });

  it('inside one branch of an inclusive block: the join waits again for the re-opened step', async () => {
    const elements = `<startEvent id="s"/>${tasks('b1', 'b2', 'c', 'd')}<inclusiveGateway id="fork"/><inclusiveGateway id="join"/>`;
    const { rt } = await setup(elements, 's -> fork\nfork -> b1 : ${true}\nfork -> c : ${true}\nb1 -> b2 -> join\nc -> join\njoin -> d');
    const id = await rt.start('p');
    await rt.complete(rt.task('c').id);
    await rt.complete(rt.task('b1').id);
    await rt.returnTo(rt.task('b2').id, 'b1');
    expect(openNodes(rt, id)).toEqual(['b1']);
    await rt.complete(rt.task('b1').id);
    expect(openNodes(rt, id)).toEqual(['b2']);
    await rt.complete(rt.task('b2').id);
    expect(openNodes(rt, id)).toEqual(['d']);
    expect(eventsOf(rt, id, 'join')).toEqual(['join']);
  });

  it('from after the join back into one branch is refused (the other branch would never arrive)', async () => {
    const { rt } = await setup(block, blockFlows);
    const id = await rt.start('p');
    for (const n of ['a', 'b1', 'b2', 'c']) await rt.complete(rt.task(n).id);
    const err = await rt.returnTo(rt.task('d').id, 'b1').catch((e) => e);
    expect(err.code).toBe('INVALID');
    expect(err.message).toMatch(/并行汇聚 join/);
    expect(returnTargets(rt.graphOf(id), rt.snapshot(id), rt.task('d').id, rt.passed(id)).sort()).toEqual(['a']);
  });

  it('to a node the instance never passed, or a later one, is refused', async () => {
    const { rt } = await setup(`<startEvent id="s"/>${tasks('a', 'b', 'c')}`, 's -> a -> b -> c');
    await rt.start('p');
    await rt.complete(rt.task('a').id);
    expect((await rt.returnTo(rt.task('b').id, 'c').catch((e) => e)).code).toBe('INVALID');
    expect((await rt.returnTo(rt.task('b').id, 'b').catch((e) => e)).code).toBe('INVALID');
    expect((await rt.returnTo(rt.task('b').id, 'gone').catch((e) => e)).code).toBe('INVALID');
  });

  it('out of a sub-process to a step before it cancels the whole sub-process', async () => {
    const elements = `<startEvent id="s"/><userTask id="a"/><subProcess id="sp"><startEvent id="ss"/><userTask id="in1"/><userTask id="in2"/><parallelGateway id="f"/>
      <boundaryEvent id="t" attachedToRef="in1"><timerEventDefinition><timeDuration>P5D</timeDuration></timerEventDefinition></boundaryEvent>
      <sequenceFlow id="x1" sourceRef="ss" targetRef="f"/><sequenceFlow id="x2" sourceRef="f" targetRef="in1"/><sequenceFlow id="x3" sourceRef="f" targetRef="in2"/><userTask id="late"/><sequenceFlow id="x4" sourceRef="t" targetRef="late"/></subProcess>`;
    const { rt } = await setup(elements, 's -> a -> sp');
    const id = await rt.start('p');
    await rt.complete(rt.task('a').id);
    expect(rt.jobs(id)).toHaveLength(1);
    await rt.returnTo(rt.task('in2').id, 'a');
    expect(openNodes(rt, id)).toEqual(['a']);
    expect(rt.stored(id).scopes.size).toBe(0);
    expect(rt.jobs(id)).toEqual([]);
  });

  it('inside a sub-process to an earlier step of the same sub-process', async () => {
    const elements = `<startEvent id="s"/><subProcess id="sp"><startEvent id="ss"/><userTask id="in1"/><userTask id="in2"/><sequenceFlow id="x1" sourceRef="ss" targetRef="in1"/><sequenceFlow id="x2" sourceRef="in1" targetRef="in2"/></subProcess>`;
    const { rt } = await setup(elements, 's -> sp');
    const id = await rt.start('p');
    const scope = rt.task('in1').scopeId;
    await rt.complete(rt.task('in1').id);
    await rt.returnTo(rt.task('in2').id, 'in1');
    expect(rt.task('in1').scopeId).toBe(scope);
    expect(rt.stored(id).scopes.size).toBe(1);
  });

  it('from one signer of a multi-instance task cancels all signers', async () => {
    const elements = `<startEvent id="s"/><userTask id="a"/><userTask id="sign"><multiInstanceLoopCharacteristics><loopCardinality>3</loopCardinality></multiInstanceLoopCharacteristics></userTask>`;
    const { rt } = await setup(elements, 's -> a -> sign');
    const id = await rt.start('p');
    await rt.complete(rt.task('a').id);
    await rt.returnTo(rt.openTasks(id)[1].id, 'a');
    expect(openNodes(rt, id)).toEqual(['a']);
    expect(rt.stored(id).scopes.size).toBe(0);
  });
});

describe('recall (撤回)', () => {
  it('takes back an untouched next task and re-opens the step to its actor', async () => {
    const { rt } = await setup(`<startEvent id="s"/>${tasks('a', 'b', 'c')}`, 's -> a -> b -> c');
    const id = await rt.start('p');
    await rt.complete(rt.task('a').id, { actor: 'u1' });
    await rt.recall(id, 'a', 'u1');
    expect(openNodes(rt, id)).toEqual(['a']);
    expect(rt.task('a').assignee).toBe('u1');
    expect(eventsOf(rt, id, 'recall')).toEqual(['b']);
    expect(rt.results.at(-1)!.result.changes.tasks!.closed![0].status).toBe('recalled');
  });

  it('is refused once the next step has been acted on', async () => {
    const { rt } = await setup(`<startEvent id="s"/>${tasks('a', 'b')}`, 's -> a -> b');
    const id = await rt.start('p');
    await rt.complete(rt.task('a').id, { actor: 'u1' });
    expect((await rt.recall(id, 'a', 'u1', false).catch((e) => e)).code).toBe('CONFLICT');
    expect(openNodes(rt, id)).toEqual(['b']);
  });

  it('of a step that forked takes back every branch', async () => {
    const { rt } = await setup(`<startEvent id="s"/>${tasks('a', 'x', 'y')}<parallelGateway id="f"/>`, 's -> a -> f\nf -> x\nf -> y');
    const id = await rt.start('p');
    await rt.complete(rt.task('a').id, { actor: 'u1' });
    await rt.recall(id, 'a', 'u1');
    expect(openNodes(rt, id)).toEqual(['a']);
  });

  it('of a step inside a branch leaves the other branch alone', async () => {
    const elements = `<startEvent id="s"/>${tasks('x1', 'x2', 'y', 'z')}<parallelGateway id="f"/><parallelGateway id="j"/>`;
    const { rt } = await setup(elements, 's -> f\nf -> x1 -> x2 -> j\nf -> y -> j\nj -> z');
    const id = await rt.start('p');
    await rt.complete(rt.task('x1').id, { actor: 'u1' });
    await rt.recall(id, 'x1', 'u1');
    expect(openNodes(rt, id)).toEqual(['x1', 'y']);
  });

  it('of a step whose arrival waits at a join cancels only that arrival', async () => {
    const elements = `<startEvent id="s"/>${tasks('x', 'y', 'z')}<parallelGateway id="f"/><parallelGateway id="j"/>`;
    const { rt } = await setup(elements, 's -> f\nf -> x -> j\nf -> y -> j\nj -> z');
    const id = await rt.start('p');
    await rt.complete(rt.task('y').id, { actor: 'u2' });
    await rt.complete(rt.task('x').id, { actor: 'u1' }).catch(() => undefined);
    // x's completion fired the join: z is after a join fed by y, so recalling x is refused.
    expect((await rt.recall(id, 'x', 'u1').catch((e) => e)).code).toBe('CONFLICT');
    expect(openNodes(rt, id)).toEqual(['z']);
  });

  it('with nothing after the step is refused', async () => {
    const { rt } = await setup(`<startEvent id="s"/>${tasks('a', 'b')}<parallelGateway id="f"/>`, 's -> f\nf -> a\nf -> b');
    const id = await rt.start('p');
    await rt.complete(rt.task('a').id, { actor: 'u1' });
    expect((await rt.recall(id, 'a', 'u1').catch((e) => e)).code).toBe('CONFLICT');
  });
});
