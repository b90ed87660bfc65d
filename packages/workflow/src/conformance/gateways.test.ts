import { describe, expect, it } from 'vitest';
import { CommandError } from '../errors.ts';
import { eventsOf, openNodes, setup } from './helpers.ts';

const tasks = (...ids: string[]) => ids.map((id) => `<userTask id="${id}"/>`).join('');

describe('exclusive gateway', () => {
  const elements = `<startEvent id="s"/>${tasks('a', 'big', 'small')}<exclusiveGateway id="gw" default="gw_small"/><endEvent id="e"/>`;
  const flowSpec = 's -> a -> gw\ngw -> big : ${amount > 1000}\ngw -> small\nbig -> e\nsmall -> e';

  it('takes the flow whose condition is true', async () => {
    const { rt } = await setup(elements, flowSpec);
    const id = await rt.start('p', { variables: { amount: 5000 } });
    await rt.complete(rt.task('a').id);
    expect(openNodes(rt, id)).toEqual(['big']);
    expect(rt.history.find((e) => e.type === 'create' && e.nodeId === 'big')?.flowId).toBe('gw_big');
  });

  it('takes the default flow when no condition holds', async () => {
    const { rt } = await setup(elements, flowSpec);
    const id = await rt.start('p', { variables: { amount: 10 } });
    await rt.complete(rt.task('a').id);
    expect(openNodes(rt, id)).toEqual(['small']);
  });

  it('variables set at completion drive the gateway', async () => {
    const { rt } = await setup(elements, flowSpec);
    const id = await rt.start('p', { variables: { amount: 10 } });
    await rt.complete(rt.task('a').id, { variables: { amount: 2000 } });
    expect(openNodes(rt, id)).toEqual(['big']);
    expect(rt.stored(id).variables.amount).toBe(2000);
  });

  it('fails naming the gateway when no flow can be taken, and changes nothing', async () => {
    const { rt } = await setup(
      `<startEvent id="s"/>${tasks('a', 'b', 'c')}<exclusiveGateway id="gw"/>`,
      's -> a -> gw\ngw -> b : ${x == 1}\ngw -> c : ${x == 2}',
    );
    const id = await rt.start('p', { variables: { x: 3 } });
    const before = JSON.stringify(rt.snapshot(id));
    const err = await rt.complete(rt.task('a').id).catch((e) => e);
    expect(err).toBeInstanceOf(CommandError);
    expect(err.code).toBe('FAILED');
    expect(err.message).toContain('gw');
    expect(JSON.stringify(rt.snapshot(id))).toBe(before);
  });

  it('names the flow whose condition fails to evaluate', async () => {
    const { rt } = await setup(
      `<startEvent id="s"/>${tasks('a', 'b', 'c')}<exclusiveGateway id="gw" default="gw_c"/>`,
      's -> a -> gw\ngw -> b : ${missing > 3}\ngw -> c',
    );
    await rt.start('p');
    const err = await rt.complete(rt.task('a').id).catch((e) => e);
    expect(err.code).toBe('FAILED');
    expect(err.message).toMatch(/gw_b.*未知变量 missing/);
  });
});

describe('conditions on a user task’s outgoing flows', () => {
  it('takes every true flow, and the default when none is', async () => {
    const elements = `<startEvent id="s"/><userTask id="a" default="a_d"/>${tasks('b', 'c', 'd')}`;
    const spec = 's -> a\na -> b : ${x > 1}\na -> c : ${x > 2}\na -> d';
    const { rt } = await setup(elements, spec);
    const one = await rt.start('p', { variables: { x: 5 } });
    await rt.complete(rt.task('a', one).id);
    expect(openNodes(rt, one)).toEqual(['b', 'c']);
    const two = await rt.start('p', { variables: { x: 0 } });
    await rt.complete(rt.task('a', two).id);
    expect(openNodes(rt, two)).toEqual(['d']);
  });
});

describe('parallel gateway', () => {
  const elements = `<startEvent id="s"/>${tasks('a', 'b', 'c', 'd')}<parallelGateway id="fork"/><parallelGateway id="join"/><endEvent id="e"/>`;
  const flowSpec = 's -> a -> fork\nfork -> b -> join\nfork -> c -> join\njoin -> d -> e';

  it('forks, waits for the second branch, fires once', async () => {
    const { rt } = await setup(elements, flowSpec);
    const id = await rt.start('p');
    await rt.complete(rt.task('a').id);
    expect(openNodes(rt, id)).toEqual(['b', 'c']);
    await rt.complete(rt.task('b').id);
    expect(openNodes(rt, id)).toEqual(['c']);
    expect(rt.stored(id).tokens.size).toBe(1);
    await rt.complete(rt.task('c').id);
    expect(openNodes(rt, id)).toEqual(['d']);
    expect(rt.stored(id).tokens.size).toBe(0);
    expect(eventsOf(rt, id, 'join')).toEqual(['join']);
    expect(eventsOf(rt, id, 'fork')).toEqual(['fork']);
  });

  it('branches that reach the join within one step fire it exactly once', async () => {
    const elements2 = `<startEvent id="s"/><parallelGateway id="fork"/><intermediateThrowEvent id="m"/><parallelGateway id="join"/>${tasks('d')}`;
    const { rt } = await setup(elements2, 's -> fork\nfork -> join\nfork -> m -> join\njoin -> d');
    const id = await rt.start('p');
    expect(openNodes(rt, id)).toEqual(['d']);
    expect(eventsOf(rt, id, 'join')).toEqual(['join']);
    expect(rt.stored(id).tokens.size).toBe(0);
  });

  it('20 instances whose branches complete back to back each fire their join once', async () => {
    const { rt } = await setup(elements, flowSpec);
    const ids = await Promise.all(Array.from({ length: 20 }, () => rt.start('p')));
    for (const id of ids) await rt.complete(rt.task('a', id).id);
    for (const id of ids) {
      await rt.complete(rt.task('b', id).id);
      await rt.complete(rt.task('c', id).id);
    }
    for (const id of ids) {
      expect(openNodes(rt, id)).toEqual(['d']);
      expect(eventsOf(rt, id, 'join')).toHaveLength(1);
    }
  });
});

describe('inclusive gateway', () => {
  const elements = `<startEvent id="s"/>${tasks('t1', 't2', 't3', 'final')}<inclusiveGateway id="fork"/><inclusiveGateway id="join"/><endEvent id="e"/>`;
  const flowSpec = [
    's -> fork',
    'fork -> t1 : ${a}',
    'fork -> t2 : ${b}',
    'fork -> t3 : ${c}',
    't1 -> join',
    't2 -> join',
    't3 -> join',
    'join -> final -> e',
  ].join('\n');

  it('takes 2 of 3, waits while the other taken branch is open, creates the next task once', async () => {
    const { rt } = await setup(elements, flowSpec);
    const id = await rt.start('p', { variables: { a: true, b: false, c: true } });
    expect(openNodes(rt, id)).toEqual(['t1', 't3']);
    await rt.complete(rt.task('t1').id);
    expect(openNodes(rt, id)).toEqual(['t3']);
    await rt.complete(rt.task('t3').id);
    expect(openNodes(rt, id)).toEqual(['final']);
    await rt.complete(rt.task('final').id);
    expect(rt.stored(id).instance.status).toBe('completed');
    expect(eventsOf(rt, id, 'create').filter((n) => n === 'final')).toHaveLength(1);
  });

  it('takes 1 of 3 and joins at once', async () => {
    const { rt } = await setup(elements, flowSpec);
    const id = await rt.start('p', { variables: { a: false, b: true, c: false } });
    await rt.complete(rt.task('t2').id);
    expect(openNodes(rt, id)).toEqual(['final']);
  });

  it('fails when no condition holds and there is no default', async () => {
    const { rt } = await setup(elements, flowSpec);
    await expect(rt.start('p', { variables: { a: false, b: false, c: false } })).rejects.toThrow(/fork 没有满足条件的出口/);
  });

  it('joins correctly on every round of a loop', async () => {
    const loop = `<startEvent id="s"/>${tasks('prep', 't1', 't2', 'check')}<inclusiveGateway id="fork"/><inclusiveGateway id="join"/><exclusiveGateway id="again" default="again_e"/><endEvent id="e"/>`;
    const spec = [
      's -> prep -> fork',
      'fork -> t1 : ${a}',
      'fork -> t2 : ${b}',
      't1 -> join',
      't2 -> join',
      'join -> check -> again',
      'again -> prep : ${redo}',
      'again -> e',
    ].join('\n');
    const { rt } = await setup(loop, spec);
    const id = await rt.start('p', { variables: { a: true, b: true, redo: true } });
    const both = [true, false, true];
    for (let round = 0; round < 3; round++) {
      await rt.complete(rt.task('prep').id);
      expect(openNodes(rt, id)).toEqual(both[round] ? ['t1', 't2'] : ['t1']);
      if (both[round]) {
        await rt.complete(rt.task('t2').id);
        expect(openNodes(rt, id)).toEqual(['t1']);
      }
      await rt.complete(rt.task('t1').id);
      expect(openNodes(rt, id)).toEqual(['check']);
      await rt.complete(rt.task('check').id, { variables: { redo: round < 2, b: both[round + 1] ?? false } });
    }
    expect(rt.stored(id).instance.status).toBe('completed');
    expect(eventsOf(rt, id, 'join')).toHaveLength(3);
  });

  it('nested inclusive joins inside a loop do not wait for each other', async () => {
    const elements2 = `<startEvent id="s"/>${tasks('x', 'y', 'z', 'check')}<inclusiveGateway id="outer"/><inclusiveGateway id="inner"/><inclusiveGateway id="innerJoin"/><inclusiveGateway id="outerJoin"/><exclusiveGateway id="again" default="again_e"/><endEvent id="e"/>`;
    const spec = [
      's -> outer',
      'outer -> inner : ${true}',
      'outer -> z : ${true}',
      'inner -> x : ${true}',
      'inner -> y : ${true}',
      'x -> innerJoin',
      'y -> innerJoin',
      'innerJoin -> outerJoin',
      'z -> outerJoin',
      'outerJoin -> check -> again',
      'again -> outer : ${redo}',
      'again -> e',
    ].join('\n');
    const { rt } = await setup(elements2, spec);
    const id = await rt.start('p', { variables: { redo: true } });
    for (let round = 0; round < 2; round++) {
      await rt.complete(rt.task('z').id);
      await rt.complete(rt.task('x').id);
      expect(openNodes(rt, id)).toEqual(['y']);
      await rt.complete(rt.task('y').id);
      expect(openNodes(rt, id)).toEqual(['check']);
      await rt.complete(rt.task('check').id, { variables: { redo: round === 0 } });
    }
    expect(rt.stored(id).instance.status).toBe('completed');
  });
});
