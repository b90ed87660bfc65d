import { describe, expect, it } from 'vitest';
import { checkMigration } from '../commands/migrate.ts';
import { processXml } from '../testing/bpmn.ts';
import { MemoryRuntime } from '../testing/runtime.ts';
import { eventsOf, graphOf, openNodes } from './helpers.ts';

const v1 = processXml(
  'p',
  '<startEvent id="s"/><userTask id="t1"/><userTask id="t2"/><userTask id="t3"/><endEvent id="e"/>',
  's -> t1 -> t2 -> t3 -> e',
);
const v2 = processXml(
  'p',
  `<startEvent id="s"/><userTask id="t1"/><userTask id="t2_review" name="复核"/><userTask id="t2b"/><userTask id="t3"/><endEvent id="e"/>
   <boundaryEvent id="late" attachedToRef="t2_review"><timerEventDefinition><timeDuration>P3D</timeDuration></timerEventDefinition></boundaryEvent>`,
  's -> t1 -> t2_review -> t2b -> t3 -> e\nlate -> t3',
);

describe('migration', () => {
  it('moves an open task along a mapping, schedules the new version’s timer, and goes on in v2', async () => {
    const [g1, g2] = [await graphOf(v1), await graphOf(v2)];
    const rt = new MemoryRuntime([g1]);
    const id = await rt.start('p');
    await rt.complete(rt.task('t1').id);
    const taskId = rt.task('t2').id;
    await rt.migrate(id, g2, { t2: 't2_review' });
    expect(rt.task('t2_review')).toMatchObject({ id: taskId, name: '复核' });
    expect(rt.jobs(id)).toHaveLength(1);
    expect(eventsOf(rt, id, 'migrated')).toEqual(['(instance)']);
    await rt.complete(taskId);
    expect(openNodes(rt, id)).toEqual(['t2b']);
    expect(rt.jobs(id)).toEqual([]);
  });

  it('is refused before running when an active node has no counterpart', async () => {
    const [g1, g2] = [await graphOf(v1), await graphOf(v2)];
    const rt = new MemoryRuntime([g1]);
    const id = await rt.start('p');
    await rt.complete(rt.task('t1').id);
    expect(checkMigration(g1, g2, rt.snapshot(id), {})).toEqual([{ nodeId: 't2', message: '节点 t2 在新版本中没有对应节点' }]);
    expect(checkMigration(g1, g2, rt.snapshot(id), { t2: 'e' })[0].message).toMatch(/不是用户任务/);
    const err = await rt.migrate(id, g2, {}).catch((e) => e);
    expect(err.code).toBe('INVALID');
    expect(rt.task('t2').nodeId).toBe('t2');
  });

  it('maps a join arrival and drops a timer whose event is gone', async () => {
    const withTimer = processXml(
      'p',
      `<startEvent id="s"/><parallelGateway id="f"/><parallelGateway id="j"/><userTask id="x"/><userTask id="y"/><userTask id="z"/>
       <boundaryEvent id="yLate" attachedToRef="y"><timerEventDefinition><timeDuration>P1D</timeDuration></timerEventDefinition></boundaryEvent>`,
      's -> f\nf -> x -> j\nf -> y -> j\nj -> z\nyLate -> z',
    );
    const renamed = processXml(
      'p',
      '<startEvent id="s"/><parallelGateway id="f"/><parallelGateway id="join2"/><userTask id="x"/><userTask id="y"/><userTask id="z"/>',
      's -> f\nf -> x -> join2\nf -> y -> join2\njoin2 -> z',
    );
    const [g1, g2] = [await graphOf(withTimer), await graphOf(renamed)];
    const rt = new MemoryRuntime([g1]);
    const id = await rt.start('p');
    await rt.complete(rt.task('x').id);
    await rt.migrate(id, g2, { j: 'join2' });
    expect([...rt.stored(id).tokens.values()]).toMatchObject([{ nodeId: 'join2', viaFlow: 'x_join2' }]);
    expect(rt.jobs(id)).toEqual([]);
    await rt.complete(rt.task('y').id);
    expect(openNodes(rt, id)).toEqual(['z']);
  });
});
