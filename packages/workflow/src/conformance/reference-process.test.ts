// One process holding the basic constructs together: an exclusive gateway with a default, a
// parallel fork and join, an inclusive fork of three with its join, and a 3-working-day
// interrupting timer on a task.
import { describe, expect, it } from 'vitest';
import { DAY, eventsOf, openNodes, setup } from './helpers.ts';

const elements = `<startEvent id="s"/>
  <userTask id="t_apply" flowable:assignee="\${starter}"/><exclusiveGateway id="gw_amount" default="gw_amount_t_small"/>
  <userTask id="t_big"/><userTask id="t_small"/><exclusiveGateway id="gw_merge"/>
  <parallelGateway id="p_fork"/><userTask id="t_left"/><userTask id="t_right"/><parallelGateway id="p_join"/>
  <inclusiveGateway id="i_fork"/><userTask id="t_a"/><userTask id="t_b"/><userTask id="t_fin"/><inclusiveGateway id="i_join"/>
  <userTask id="t_final"/><userTask id="t_escalate"/><exclusiveGateway id="left_merge"/><endEvent id="e"/>
  <boundaryEvent id="deadline" attachedToRef="t_left" civ:workingDays="3"><timerEventDefinition/></boundaryEvent>`;
const spec = [
  's -> t_apply -> gw_amount',
  'gw_amount -> t_big : ${amount > 1000}',
  'gw_amount -> t_small',
  't_big -> gw_merge',
  't_small -> gw_merge',
  'gw_merge -> p_fork',
  'p_fork -> t_left -> left_merge -> p_join',
  'p_fork -> t_right -> p_join',
  'deadline -> t_escalate -> left_merge',
  'p_join -> i_fork',
  'i_fork -> t_a : ${a}',
  'i_fork -> t_b : ${b}',
  'i_fork -> t_fin : ${fin}',
  't_a -> i_join',
  't_b -> i_join',
  't_fin -> i_join',
  'i_join -> t_final -> e',
].join('\n');

describe('reference process: every construct at once', () => {
  it('runs every construct once, the timer escalating, and ends with one t_final', async () => {
    const { rt } = await setup(elements, spec);
    const id = await rt.start('p', { starter: 'u1', variables: { starter: 'u1', amount: 5000, a: true, b: false, fin: true } });
    expect(rt.task('t_apply').assignee).toBe('u1');
    await rt.complete(rt.task('t_apply').id);
    await rt.complete(rt.task('t_big').id);
    expect(openNodes(rt, id)).toEqual(['t_left', 't_right']);
    expect(rt.jobs(id)[0].dueAt).toBe('2026-01-07T09:00:00.000Z');
    rt.advance(2 * DAY);
    expect(await rt.fireDue()).toBe(0);
    await rt.complete(rt.task('t_right').id);
    rt.advance(3 * DAY);
    expect(await rt.fireDue()).toBe(1);
    expect(openNodes(rt, id)).toEqual(['t_escalate']);
    await rt.complete(rt.task('t_escalate').id);
    expect(openNodes(rt, id)).toEqual(['t_a', 't_fin']);
    await rt.complete(rt.task('t_a').id);
    expect(openNodes(rt, id)).toEqual(['t_fin']);
    await rt.complete(rt.task('t_fin').id);
    expect(openNodes(rt, id)).toEqual(['t_final']);
    await rt.complete(rt.task('t_final').id);
    expect(rt.stored(id).instance.status).toBe('completed');
    expect(eventsOf(rt, id, 'create').filter((n) => n === 't_final')).toHaveLength(1);
    expect(eventsOf(rt, id, 'join')).toEqual(['p_join', 'i_join']);
  });

  it('returns from t_final to t_apply and runs the whole process again', async () => {
    const { rt } = await setup(elements, spec);
    const id = await rt.start('p', { starter: 'u1', variables: { starter: 'u1', amount: 1, a: false, b: true, fin: false } });
    for (const n of ['t_apply', 't_small', 't_left', 't_right', 't_b']) await rt.complete(rt.task(n).id);
    await rt.returnTo(rt.task('t_final').id, 't_apply', { opinion: '重新申请' });
    expect(openNodes(rt, id)).toEqual(['t_apply']);
    for (const n of ['t_apply', 't_small', 't_left', 't_right', 't_b', 't_final']) await rt.complete(rt.task(n).id);
    expect(rt.stored(id).instance.status).toBe('completed');
  });
});
