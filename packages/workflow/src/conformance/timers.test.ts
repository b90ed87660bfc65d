import { describe, expect, it } from 'vitest';
import { weekdayCalendar } from '../testing/calendar.ts';
import { DAY, eventsOf, openNodes, setup } from './helpers.ts';

// The runtime's clock starts on Friday 2026-01-02 09:00 UTC.
describe('boundary timer on a user task (interrupting, working days)', () => {
  const elements = `<startEvent id="s"/><userTask id="review"/><userTask id="next"/><userTask id="escalate"/><endEvent id="e"/>
    <boundaryEvent id="late" attachedToRef="review" civ:workingDays="3"><timerEventDefinition/></boundaryEvent>`;
  const spec = 's -> review -> next -> e\nlate -> escalate -> e';

  it('is due Friday + 3 working days = Wednesday, and not fired before', async () => {
    const { rt } = await setup(elements, spec);
    const id = await rt.start('p');
    const [job] = rt.jobs(id);
    expect(job.dueAt).toBe('2026-01-07T09:00:00.000Z');
    expect(job.taskId).toBe(rt.task('review').id);
    rt.advance(2 * DAY);
    expect(await rt.fireDue()).toBe(0);
    expect(openNodes(rt, id)).toEqual(['review']);
  });

  it('fired: the task is cancelled and the escalation path taken', async () => {
    const { rt } = await setup(elements, spec);
    const id = await rt.start('p');
    rt.advance(5 * DAY);
    expect(await rt.fireDue()).toBe(1);
    expect(openNodes(rt, id)).toEqual(['escalate']);
    expect(eventsOf(rt, id, 'timer')).toEqual(['late']);
    expect(eventsOf(rt, id, 'cancel')).toEqual(['review']);
  });

  it('task completed before the deadline: its job is removed', async () => {
    const { rt } = await setup(elements, spec);
    const id = await rt.start('p');
    const result = rt.results.length;
    await rt.complete(rt.task('review').id);
    expect(rt.jobs(id)).toEqual([]);
    expect(rt.results[result].result.changes.jobs?.deleted).toHaveLength(1);
    await rt.complete(rt.task('next').id);
    expect(rt.stored(id).instance.status).toBe('completed');
  });

  it('a stale job is NOT_FOUND', async () => {
    const { rt } = await setup(elements, spec);
    const id = await rt.start('p');
    const [job] = rt.jobs(id);
    await rt.complete(rt.task('review').id);
    await expect(rt.fire(job.id)).rejects.toThrow(/no job/);
  });

  it('holidays from the calendar are skipped', async () => {
    const { rt } = await setup(elements, spec, { calendar: weekdayCalendar(['2026-01-05']) });
    const id = await rt.start('p');
    expect(rt.jobs(id)[0].dueAt).toBe('2026-01-08T09:00:00.000Z');
  });
});

describe('non-interrupting timers', () => {
  it('leave the task open and start a parallel path', async () => {
    const elements = `<startEvent id="s"/><userTask id="review"/><userTask id="remind"/><endEvent id="e"/><endEvent id="e2"/>
      <boundaryEvent id="nudge" attachedToRef="review" cancelActivity="false"><timerEventDefinition><timeDuration>PT4H</timeDuration></timerEventDefinition></boundaryEvent>`;
    const { rt } = await setup(elements, 's -> review -> e\nnudge -> remind -> e2');
    const id = await rt.start('p');
    expect(rt.jobs(id)[0].dueAt).toBe('2026-01-02T13:00:00.000Z');
    rt.advance(5 * 3600_000);
    await rt.fireDue();
    expect(openNodes(rt, id)).toEqual(['remind', 'review']);
    await rt.complete(rt.task('review').id);
    expect(rt.stored(id).instance.status).toBe('active');
    await rt.complete(rt.task('remind').id);
    expect(rt.stored(id).instance.status).toBe('completed');
  });

  it('a repeating reminder without outgoing flow only records that it fired, R3 times', async () => {
    const elements = `<startEvent id="s"/><userTask id="review"/><endEvent id="e"/>
      <boundaryEvent id="nudge" attachedToRef="review" cancelActivity="false"><timerEventDefinition><timeCycle>R3/P1D</timeCycle></timerEventDefinition></boundaryEvent>`;
    const { rt } = await setup(elements, 's -> review -> e');
    const id = await rt.start('p');
    rt.advance(10 * DAY);
    expect(await rt.fireDue()).toBe(3);
    expect(eventsOf(rt, id, 'timer')).toEqual(['nudge', 'nudge', 'nudge']);
    expect(openNodes(rt, id)).toEqual(['review']);
    expect(rt.jobs(id)).toEqual([]);
  });
});

describe('intermediate timer catch', () => {
  it('waits as a token, then continues', async () => {
    const elements = `<startEvent id="s"/><userTask id="a"/><intermediateCatchEvent id="wait"><timerEventDefinition><timeDuration>\${delay}</timeDuration></timerEventDefinition></intermediateCatchEvent><userTask id="b"/>`;
    const { rt } = await setup(elements, 's -> a -> wait -> b');
    const id = await rt.start('p', { variables: { delay: 'P2D' } });
    await rt.complete(rt.task('a').id);
    expect(openNodes(rt, id)).toEqual([]);
    expect([...rt.stored(id).tokens.values()].map((t) => t.kind)).toEqual(['timer']);
    expect(rt.jobs(id)[0].dueAt).toBe('2026-01-04T09:00:00.000Z');
    rt.advance(2 * DAY);
    await rt.fireDue();
    expect(openNodes(rt, id)).toEqual(['b']);
    expect(rt.stored(id).tokens.size).toBe(0);
  });

  it('timeDate with an ISO date', async () => {
    const elements = `<startEvent id="s"/><intermediateCatchEvent id="wait"><timerEventDefinition><timeDate>2026-03-01T00:00:00Z</timeDate></timerEventDefinition></intermediateCatchEvent><userTask id="b"/>`;
    const { rt } = await setup(elements, 's -> wait -> b');
    const id = await rt.start('p');
    expect(rt.jobs(id)[0].dueAt).toBe('2026-03-01T00:00:00.000Z');
  });

  it('a bad duration value fails naming the timer', async () => {
    const elements = `<startEvent id="s"/><intermediateCatchEvent id="wait"><timerEventDefinition><timeDuration>\${delay}</timeDuration></timerEventDefinition></intermediateCatchEvent><userTask id="b"/>`;
    const { rt } = await setup(elements, 's -> wait -> b');
    await expect(rt.start('p', { variables: { delay: 'soon' } })).rejects.toThrow(/wait/);
  });
});

describe('boundary timer on a sub-process', () => {
  const elements = `<startEvent id="s"/><userTask id="timeout"/><endEvent id="e"/>
    <subProcess id="sub"><startEvent id="ss"/><parallelGateway id="f"/><userTask id="x"/><userTask id="y"/>
      <boundaryEvent id="xLate" attachedToRef="x"><timerEventDefinition><timeDuration>P10D</timeDuration></timerEventDefinition></boundaryEvent>
      <sequenceFlow id="a1" sourceRef="ss" targetRef="f"/><sequenceFlow id="a2" sourceRef="f" targetRef="x"/><sequenceFlow id="a3" sourceRef="f" targetRef="y"/>
    </subProcess>
    <boundaryEvent id="subLate" attachedToRef="sub"><timerEventDefinition><timeDuration>P1D</timeDuration></timerEventDefinition></boundaryEvent>`;

  it('interrupting: cancels everything inside, jobs included, and takes its path', async () => {
    const { rt } = await setup(elements, 's -> sub -> e\nsubLate -> timeout');
    const id = await rt.start('p');
    expect(openNodes(rt, id)).toEqual(['x', 'y']);
    expect(rt.jobs(id)).toHaveLength(2);
    rt.advance(DAY);
    expect(await rt.fireDue()).toBe(1);
    expect(openNodes(rt, id)).toEqual(['timeout']);
    expect(rt.stored(id).scopes.size).toBe(0);
    expect(rt.jobs(id)).toEqual([]);
    expect(eventsOf(rt, id, 'cancel').sort()).toEqual(['sub', 'x', 'y']);
  });

  it('the sub-process completing first removes its timer', async () => {
    const { rt } = await setup(elements, 's -> sub -> e\nsubLate -> timeout');
    const id = await rt.start('p');
    await rt.complete(rt.task('x').id);
    await rt.complete(rt.task('y').id);
    expect(rt.stored(id).instance.status).toBe('completed');
    expect(rt.jobs(id)).toEqual([]);
  });
});

describe('task due dates', () => {
  it.each([
    ['flowable:dueDate="P2D"', '2026-01-04T09:00:00.000Z'],
    ['flowable:dueDate="PT36H"', '2026-01-03T21:00:00.000Z'],
    ['flowable:dueDate="2026-02-01T08:00:00Z"', '2026-02-01T08:00:00.000Z'],
    ['flowable:dueDate="${deadline}"', '2026-05-01T00:00:00.000Z'],
    ['civ:workingDays="2"', '2026-01-06T09:00:00.000Z'],
    ['civ:workingDays="${days}"', '2026-01-07T09:00:00.000Z'],
    ['flowable:dueDate="P2D" flowable:businessCalendarName="workday"', '2026-01-06T09:00:00.000Z'],
    ['camunda:dueDate="P1W"', '2026-01-09T09:00:00.000Z'],
  ])('%s → %s', async (attr, expected) => {
    const { rt } = await setup(`<startEvent id="s"/><userTask id="a" ${attr}/>`, 's -> a');
    await rt.start('p', { variables: { deadline: '2026-05-01T00:00:00Z', days: 3 } });
    expect(rt.task('a').dueAt).toBe(expected);
  });
});
