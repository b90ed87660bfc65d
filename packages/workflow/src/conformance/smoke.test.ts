import { expect, it } from 'vitest';
import { eventsOf, openNodes, setup } from './helpers.ts';

it('runs a sequential approval to the end', async () => {
  const { rt } = await setup(
    '<startEvent id="s"/><userTask id="a" flowable:assignee="${starter}"/><userTask id="b"/><endEvent id="e"/>',
    's -> a -> b -> e',
  );
  const id = await rt.start('p', { starter: 'u1', variables: { starter: 'u1' } });
  expect(openNodes(rt)).toEqual(['a']);
  expect(rt.task('a').assignee).toBe('u1');
  await rt.complete(rt.task('a').id);
  await rt.complete(rt.task('b').id);
  expect(rt.stored(id).instance.status).toBe('completed');
  expect(eventsOf(rt, id, 'complete')).toEqual(['a', 'b']);
});
