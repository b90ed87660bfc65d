import { describe, expect, it } from 'vitest';
import { completeTask } from '../commands/complete.ts';
import { shiftDeadlines } from '../commands/deadlines.ts';
import { start } from '../commands/start.ts';
import { weekdayCalendar } from '../testing/calendar.ts';
import type { AssignHook } from '../types.ts';
import { DAY, eventsOf, setup } from './helpers.ts';

const chain =
  '<startEvent id="s" flowable:initiator="starter"/><userTask id="a" flowable:assignee="${starter}"/><userTask id="b"/><userTask id="c"/><endEvent id="e"/>';

describe('changes carry only what a step touched', () => {
  it('start: the instance row, all variables, one task, history', async () => {
    const { graph, rt } = await setup(chain, 's -> a -> b -> c -> e');
    const { changes } = await start(graph, { starter: 'u1', variables: { amount: 3 } }, rt.ctx);
    expect(Object.keys(changes).sort()).toEqual(['history', 'instance', 'tasks', 'variables']);
    expect(changes.variables).toEqual({ amount: 3, starter: 'u1' });
    expect(changes.tasks).toEqual({ inserted: [expect.objectContaining({ nodeId: 'a', assignee: 'u1' })] });
    expect(changes.history.map((e) => e.type)).toEqual(['start', 'start', 'create']);
  });

  it('a sequential completion: one task closed, one inserted, only the variable that changed', async () => {
    const { graph, rt } = await setup(chain, 's -> a -> b -> c -> e');
    const id = await rt.start('p', { starter: 'u1', variables: { amount: 3, note: 'x' } });
    const task = rt.task('a');
    const { changes } = await completeTask(
      graph,
      rt.snapshot(id),
      { taskId: task.id, actor: 'u1', variables: { amount: 4 }, opinion: '同意' },
      rt.ctx,
    );
    expect(Object.keys(changes).sort()).toEqual(['history', 'tasks', 'variables']);
    expect(changes.variables).toEqual({ amount: 4 });
    expect(changes.tasks!.closed).toEqual([{ id: task.id, status: 'completed', at: rt.now.toISOString(), actor: 'u1' }]);
    expect(changes.tasks!.inserted!.map((t) => t.nodeId)).toEqual(['b']);
    expect(changes.history.map((e) => e.type)).toEqual(['complete', 'create']);
    expect(changes.history[0]).toMatchObject({ actor: 'u1', opinion: '同意', taskId: task.id });
  });

  it('a variable set to the value it holds is not among the changes', async () => {
    const { graph, rt } = await setup(chain, 's -> a -> b -> c -> e');
    const id = await rt.start('p', { starter: 'u1', variables: { amount: 3, list: [1, 2] } });
    const task = rt.task('a');
    const { changes } = await completeTask(
      graph,
      rt.snapshot(id),
      { taskId: task.id, actor: 'u1', variables: { amount: 3, list: [1, 2], note: 'x' } },
      rt.ctx,
    );
    expect(changes.variables).toEqual({ note: 'x' });
    const again = await completeTask(graph, rt.snapshot(id), { taskId: task.id, actor: 'u1', variables: { amount: 3 } }, rt.ctx);
    expect(again.changes.variables).toBeUndefined();
    expect(again.snapshot.variables).toMatchObject({ amount: 3, list: [1, 2] });
  });

  it('commands do not change the snapshot they are given', async () => {
    const { graph, rt } = await setup(chain, 's -> a -> b -> c -> e');
    const id = await rt.start('p', { starter: 'u1' });
    const snapshot = rt.snapshot(id);
    const frozen = JSON.stringify(snapshot);
    await completeTask(graph, snapshot, { taskId: rt.task('a').id, actor: 'u1', variables: { x: 1 } }, rt.ctx);
    expect(JSON.stringify(snapshot)).toBe(frozen);
  });
});

describe('refusals', () => {
  it('an unknown or already completed task is NOT_FOUND; an ended instance is CONFLICT', async () => {
    const { graph, rt } = await setup('<startEvent id="s"/><userTask id="a"/><endEvent id="e"/>', 's -> a -> e');
    const id = await rt.start('p');
    const task = rt.task('a');
    const stale = rt.snapshot(id);
    await rt.complete(task.id);
    expect((await completeTask(graph, rt.snapshot(id), { taskId: task.id, actor: 'x' }, rt.ctx).catch((e) => e)).code).toBe('CONFLICT');
    const other = await rt.start('p');
    expect((await completeTask(graph, rt.snapshot(other), { taskId: task.id, actor: 'x' }, rt.ctx).catch((e) => e)).code).toBe('NOT_FOUND');
    expect(stale.instance.status).toBe('active');
  });

  it('terminate ends the instance: tasks cancelled, jobs removed', async () => {
    const elements = `<startEvent id="s"/><userTask id="a"/><boundaryEvent id="t" attachedToRef="a"><timerEventDefinition><timeDuration>P1D</timeDuration></timerEventDefinition></boundaryEvent><userTask id="x"/>`;
    const { rt } = await setup(elements, 's -> a\nt -> x');
    const id = await rt.start('p');
    await rt.terminate(id, '申请人撤件');
    expect(rt.stored(id).instance).toMatchObject({ status: 'terminated', endedAt: rt.now.toISOString() });
    expect(rt.openTasks(id)).toEqual([]);
    expect(rt.jobs(id)).toEqual([]);
    expect(rt.history.at(-1)).toMatchObject({ type: 'terminate', nodeId: null, data: { reason: '申请人撤件' } });
  });
});

describe('assignment', () => {
  it('candidates from vendor attributes and potentialOwner, expressions evaluated', async () => {
    const elements = `<startEvent id="s"/><userTask id="a" camunda:candidateUsers="u1, \${extra}" flowable:candidateGroups="clerk" civ:candidateDepts="\${dept}" flowable:formKey="form_\${kind}">
      <potentialOwner><resourceAssignmentExpression><formalExpression>user(u3), group(leader)</formalExpression></resourceAssignmentExpression></potentialOwner></userTask>`;
    const { rt } = await setup(elements, 's -> a');
    await rt.start('p', { variables: { extra: ['u2', 'u1'], dept: 'd9', kind: 'leave' } });
    const t = rt.task('a');
    expect(t.candidates).toEqual([
      { kind: 'user', value: 'u1' },
      { kind: 'user', value: 'u2' },
      { kind: 'user', value: 'u3' },
      { kind: 'role', value: 'clerk' },
      { kind: 'role', value: 'leader' },
      { kind: 'dept', value: 'd9' },
    ]);
    expect(t.formKey).toBe('form_leave');
    expect(t.assignee).toBeNull();
  });

  it('the product’s assign hook overrides the model, and a return names who gets the task back', async () => {
    const calls: string[] = [];
    const assign: AssignHook = async (req) => {
      calls.push(`${req.nodeId}:${req.cause}`);
      return { candidates: [{ kind: 'relativeRole', value: `township-clerk@${req.variables.region}` }] };
    };
    const { rt } = await setup(chain, 's -> a -> b -> c -> e', { assign });
    const id = await rt.start('p', { starter: 'u1', variables: { region: '330106' } });
    expect(rt.task('a').candidates).toEqual([{ kind: 'relativeRole', value: 'township-clerk@330106' }]);
    expect(rt.task('a').assignee).toBe('u1');
    await rt.complete(rt.task('a').id);
    await rt.returnTo(rt.task('b').id, 'a', { assignee: 'u1' });
    expect(calls).toEqual(['a:enter', 'b:enter', 'a:return']);
    expect(eventsOf(rt, id, 'create')).toEqual(['a', 'b', 'a']);
  });
});

describe('suspension', () => {
  it('shifts due dates and jobs by the working days suspended', async () => {
    const elements = `<startEvent id="s"/><userTask id="a" civ:workingDays="3"/><boundaryEvent id="t" attachedToRef="a" civ:workingDays="5"><timerEventDefinition/></boundaryEvent><userTask id="x"/>`;
    const { rt } = await setup(elements, 's -> a\nt -> x');
    const id = await rt.start('p');
    const snap = rt.snapshot(id);
    // Suspended from Friday 09:00 to Tuesday 09:00: Monday and Tuesday are working days.
    const shifted = shiftDeadlines(snap, { suspendedAt: rt.now, resumedAt: new Date(rt.now.getTime() + 4 * DAY) }, weekdayCalendar());
    expect(snap.tasks[0].dueAt).toBe('2026-01-07T09:00:00.000Z');
    expect(shifted.tasks[0].dueAt).toBe('2026-01-09T09:00:00.000Z');
    expect(shifted.jobs[0].dueAt).toBe('2026-01-13T09:00:00.000Z');
    const plain = shiftDeadlines(snap, { suspendedAt: rt.now, resumedAt: new Date(rt.now.getTime() + DAY) });
    expect(plain.tasks[0].dueAt).toBe('2026-01-08T09:00:00.000Z');
  });
});
