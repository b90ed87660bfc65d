import { describe, expect, it } from 'vitest';
import { processXml } from '../testing/bpmn.ts';
import { eventsOf, graphOf, openNodes, setup } from './helpers.ts';

const sub = (id: string, inner: string, innerFlows: string) =>
  `<subProcess id="${id}">${inner}${innerFlows
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .map((l) => {
      const [a, b] = l.split(' -> ');
      return `<sequenceFlow id="${a}_${b}" sourceRef="${a}" targetRef="${b}"/>`;
    })
    .join('')}</subProcess>`;

describe('embedded sub-process', () => {
  it('runs inside its own scope and continues the parent when done', async () => {
    const elements = `<startEvent id="s"/>${sub('sp', '<startEvent id="ss"/><userTask id="in1"/><userTask id="in2"/><endEvent id="se"/>', 'ss -> in1\nin1 -> in2\nin2 -> se')}<userTask id="out"/><endEvent id="e"/>`;
    const { rt } = await setup(elements, 's -> sp -> out -> e');
    const id = await rt.start('p');
    const scope = [...rt.stored(id).scopes.values()][0];
    expect(scope.kind).toBe('subProcess');
    expect(rt.task('in1').scopeId).toBe(scope.id);
    await rt.complete(rt.task('in1').id);
    await rt.complete(rt.task('in2').id);
    expect(openNodes(rt, id)).toEqual(['out']);
    expect(rt.stored(id).scopes.size).toBe(0);
    expect(eventsOf(rt, id, 'end')).toEqual(['se', 'sp']);
  });

  it('terminate end inside a sub-process ends only the sub-process', async () => {
    const inner =
      '<startEvent id="ss"/><parallelGateway id="f"/><userTask id="x"/><userTask id="y"/><endEvent id="kill"><terminateEventDefinition/></endEvent>';
    const elements = `<startEvent id="s"/><parallelGateway id="pf"/>${sub('sp', inner, 'ss -> f\nf -> x\nf -> y\nx -> kill')}<userTask id="out"/><userTask id="side"/>`;
    const { rt } = await setup(elements, 's -> pf\npf -> sp -> out\npf -> side');
    const id = await rt.start('p');
    expect(openNodes(rt, id)).toEqual(['side', 'x', 'y']);
    await rt.complete(rt.task('x').id);
    expect(openNodes(rt, id)).toEqual(['out', 'side']);
    expect(eventsOf(rt, id, 'terminate')).toEqual(['kill']);
    expect(rt.stored(id).instance.status).toBe('active');
  });

  it('terminate end at the top level ends the instance, cancelling other branches', async () => {
    const elements = `<startEvent id="s"/><parallelGateway id="f"/><userTask id="x"/><userTask id="y"/><endEvent id="kill"><terminateEventDefinition/></endEvent>`;
    const { rt } = await setup(elements, 's -> f\nf -> x -> kill\nf -> y');
    const id = await rt.start('p');
    await rt.complete(rt.task('x').id);
    expect(rt.stored(id).instance.status).toBe('completed');
    expect(rt.openTasks(id)).toEqual([]);
    expect(eventsOf(rt, id, 'cancel')).toEqual(['y']);
  });

  it('flowable:terminateAll inside a sub-process ends the whole instance', async () => {
    const inner = '<startEvent id="ss"/><endEvent id="kill"><terminateEventDefinition flowable:terminateAll="true"/></endEvent>';
    const elements = `<startEvent id="s"/><parallelGateway id="f"/>${sub('sp', inner, 'ss -> kill')}<userTask id="y"/>`;
    const { rt } = await setup(elements, 's -> f\nf -> y\nf -> sp');
    const id = await rt.start('p');
    expect(rt.stored(id).instance.status).toBe('completed');
    expect(rt.openTasks(id)).toEqual([]);
  });
});

describe('call activity', () => {
  const childXml = processXml(
    'child',
    '<startEvent id="cs"/><userTask id="ct" flowable:assignee="${applicant}"/><endEvent id="ce"/>',
    'cs -> ct -> ce',
  );
  const parent = `<startEvent id="s"/><callActivity id="call" calledElement="child">
      <extensionElements><flowable:in source="who" target="applicant"/><flowable:in sourceExpression="\${amount * 2}" target="doubled"/>
        <flowable:out source="decision" target="childDecision"/></extensionElements>
    </callActivity><exclusiveGateway id="gw" default="gw_no"/><userTask id="yes"/><userTask id="no"/>`;
  const parentFlows = "s -> call -> gw\ngw -> yes : ${childDecision == '通过'}\ngw -> no";

  it('starts the child with input variables, waits, and continues with its output', async () => {
    const child = await graphOf(childXml);
    const { rt } = await setup(parent, parentFlows, { others: [child] });
    const id = await rt.start('p', { variables: { who: 'u7', amount: 21 } });
    expect(openNodes(rt, id)).toEqual([]);
    const childTask = rt.task('ct');
    expect(childTask.assignee).toBe('u7');
    const childId = childTask.instanceId;
    expect(rt.stored(childId).instance.parentInstanceId).toBe(id);
    expect(rt.stored(childId).variables).toEqual({ applicant: 'u7', doubled: 42 });
    await rt.complete(childTask.id, { variables: { decision: '通过', secret: 1 } });
    expect(rt.stored(childId).instance.status).toBe('completed');
    expect(openNodes(rt, id)).toEqual(['yes']);
    expect(rt.stored(id).variables.childDecision).toBe('通过');
    expect(rt.stored(id).variables.secret).toBeUndefined();
  });

  it('camunda:in variables="all" and out variables="all"', async () => {
    const child = await graphOf(childXml);
    const elements = `<startEvent id="s"/><callActivity id="call" calledElement="child"><extensionElements><camunda:in variables="all"/><camunda:out variables="all"/></extensionElements></callActivity><userTask id="after"/>`;
    const { rt } = await setup(elements, 's -> call -> after', { others: [child] });
    const id = await rt.start('p', { variables: { applicant: 'u1', x: 1 } });
    await rt.complete(rt.task('ct').id, { variables: { y: 2 } });
    expect(rt.stored(id).variables).toMatchObject({ applicant: 'u1', x: 1, y: 2 });
  });

  it('terminating the parent terminates the child', async () => {
    const child = await graphOf(childXml);
    const { rt } = await setup(parent, parentFlows, { others: [child] });
    const id = await rt.start('p', { variables: { who: 'u7', amount: 1 } });
    const childId = rt.task('ct').instanceId;
    await rt.terminate(id, '撤件');
    expect(rt.stored(id).instance.status).toBe('terminated');
    expect(rt.stored(childId).instance.status).toBe('terminated');
    expect(rt.openTasks()).toEqual([]);
  });

  it('an interrupting timer on the call activity terminates the child and takes its path', async () => {
    const child = await graphOf(childXml);
    const elements = `${parent}<userTask id="late"/><boundaryEvent id="t" attachedToRef="call"><timerEventDefinition><timeDuration>P1D</timeDuration></timerEventDefinition></boundaryEvent>`;
    const { rt } = await setup(elements, `${parentFlows}\nt -> late`, { others: [child] });
    const id = await rt.start('p', { variables: { who: 'u7', amount: 1 } });
    const childId = rt.task('ct').instanceId;
    expect(rt.jobs(id)[0].tokenId).not.toBeNull();
    rt.advance(86_400_000);
    await rt.fireDue();
    expect(rt.stored(childId).instance.status).toBe('terminated');
    expect(openNodes(rt, id)).toEqual(['late']);
  });

  it('a process that is not deployed fails the start with a clear message', async () => {
    const { rt } = await setup(parent, parentFlows);
    await expect(rt.start('p', { variables: { who: 'u', amount: 1 } })).rejects.toThrow(/调用的流程不存在: child/);
  });
});

describe('service task', () => {
  it('calls the registered handler; its variables drive the next gateway', async () => {
    const elements = `<startEvent id="s"/><serviceTask id="score" flowable:class="com.example.ScoreDelegate"><extensionElements><flowable:field name="level" stringValue="county"/></extensionElements></serviceTask>
      <exclusiveGateway id="gw" default="gw_low"/><userTask id="high"/><userTask id="low"/>`;
    const calls: unknown[] = [];
    const services = {
      'com.example.ScoreDelegate': async (call: { variables: Record<string, unknown>; fields: Record<string, string> }) => {
        calls.push(call.fields);
        return { score: Number(call.variables.income) < 1000 ? 90 : 10 };
      },
    };
    const { rt } = await setup(elements, 's -> score -> gw\ngw -> high : ${score > 50}\ngw -> low', { services });
    const id = await rt.start('p', { variables: { income: 500 } });
    expect(openNodes(rt, id)).toEqual(['high']);
    expect(calls).toEqual([{ level: 'county' }]);
  });

  it('resultVariable stores whatever the handler returns', async () => {
    const elements = `<startEvent id="s"/><serviceTask id="calc" flowable:expression="\${calculator.total(execution)}" flowable:resultVariable="total"/><userTask id="a"/>`;
    const { rt } = await setup(elements, 's -> calc -> a', { services: { 'calculator.total(execution)': () => 42 } });
    const id = await rt.start('p');
    expect(rt.stored(id).variables.total).toBe(42);
  });

  it('a handler that is not registered fails the command naming the task', async () => {
    const { rt } = await setup(
      '<startEvent id="s"/><serviceTask id="svc" flowable:delegateExpression="${mailer}"/><userTask id="a"/>',
      's -> svc -> a',
    );
    await expect(rt.start('p')).rejects.toThrow(/svc 的处理程序未注册: mailer/);
  });

  it('a handler that throws fails the command', async () => {
    const { rt } = await setup('<startEvent id="s"/><serviceTask id="svc" civ:service="boom"/><userTask id="a"/>', 's -> svc -> a', {
      services: {
        boom: () => {
          throw new Error('down');
        },
      },
    });
    await expect(rt.start('p')).rejects.toThrow(/svc 执行失败: down/);
  });
});
