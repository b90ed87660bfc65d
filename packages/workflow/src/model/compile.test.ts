import { describe, expect, it } from 'vitest';
import { ModelError } from '../errors.ts';
import { definitions, processXml } from '../testing/bpmn.ts';
import { compileDefinitions } from './compile.ts';

const refused = async (xml: string, options = {}) => {
  const err = await compileDefinitions(xml, options).catch((e) => e);
  expect(err).toBeInstanceOf(ModelError);
  return err as ModelError;
};

describe('deploy-time refusals', () => {
  it.each([
    ['<complexGateway id="gw_3"/>', 'bpmn:ComplexGateway', 'gw_3'],
    ['<scriptTask id="js" scriptFormat="javascript"><script>1</script></scriptTask>', 'bpmn:ScriptTask', 'js'],
    ['<receiveTask id="r"/>', 'bpmn:ReceiveTask', 'r'],
    ['<sendTask id="st"/>', 'bpmn:SendTask', 'st'],
    ['<businessRuleTask id="br"/>', 'bpmn:BusinessRuleTask', 'br'],
    ['<eventBasedGateway id="eg"/>', 'bpmn:EventBasedGateway', 'eg'],
    ['<transaction id="tx"/>', 'bpmn:Transaction', 'tx'],
    ['<adHocSubProcess id="ah"/>', 'bpmn:AdHocSubProcess', 'ah'],
    ['<subProcess id="esp" triggeredByEvent="true"/>', 'bpmn:SubProcess', 'esp'],
    ['<intermediateCatchEvent id="msg"><messageEventDefinition/></intermediateCatchEvent>', 'bpmn:IntermediateCatchEvent', 'msg'],
    ['<intermediateThrowEvent id="sig"><signalEventDefinition/></intermediateThrowEvent>', 'bpmn:IntermediateThrowEvent', 'sig'],
    ['<endEvent id="err"><errorEventDefinition/></endEvent>', 'bpmn:EndEvent', 'err'],
    ['<serviceTask id="loop" flowable:class="X"><standardLoopCharacteristics/></serviceTask>', 'bpmn:ServiceTask', 'loop'],
    ['<userTask id="u"><standardLoopCharacteristics/></userTask>', 'bpmn:UserTask', 'u'],
    ['<userTask id="a"/><boundaryEvent id="be" attachedToRef="a"><messageEventDefinition/></boundaryEvent>', 'bpmn:BoundaryEvent', 'be'],
  ])('%s is refused naming %s and %s', async (element, type, id) => {
    const err = await refused(processXml('p', `<startEvent id="s"/>${element}`, ''));
    expect(err.message).toContain(`不支持的流程元素: ${type}`);
    expect(err.message).toContain(`(id=${id})`);
    expect(err.elementId).toBe(id);
  });

  it('a message start event', async () => {
    expect((await refused(processXml('p', '<startEvent id="s"><messageEventDefinition/></startEvent>', ''))).message).toMatch(
      /bpmn:StartEvent bpmn:MessageEventDefinition \(id=s\)/,
    );
  });

  it.each([
    ['not xml', '<nope', /无法解析/],
    ['an unknown BPMN element', processXml('p', '<startEvent id="s"/><frobnicate id="x"/>', ''), /无法解析.*frobnicate/],
    ['no process', definitions(''), /没有可执行的流程/],
    ['no start event', processXml('p', '<userTask id="a"/>', ''), /没有开始事件/],
    ['two start events', processXml('p', '<startEvent id="s1"/><startEvent id="s2"/>', ''), /多个开始事件/],
    ['a flow to a missing node', processXml('p', '<startEvent id="s"/>', 's -> ghost'), /s_ghost 的 targetRef/],
    [
      'a flow across a sub-process boundary',
      processXml('p', '<startEvent id="s"/><subProcess id="sp"><startEvent id="ss"/><userTask id="in"/></subProcess>', 's -> in'),
      /跨越了子流程边界/,
    ],
    [
      'an exclusive gateway with two unconditional exits',
      processXml('p', '<startEvent id="s"/><exclusiveGateway id="gw"/><userTask id="a"/><userTask id="b"/>', 's -> gw -> a\ngw -> b'),
      /gw 有多个默认出口/,
    ],
    [
      'a default and an unconditional exit',
      processXml(
        'p',
        '<startEvent id="s"/><exclusiveGateway id="gw" default="gw_a"/><userTask id="a"/><userTask id="b"/>',
        's -> gw -> a\ngw -> b',
      ),
      /多个默认出口/,
    ],
    [
      'a default flow that is not an exit',
      processXml('p', '<startEvent id="s"/><exclusiveGateway id="gw" default="s_gw"/><userTask id="a"/>', 's -> gw -> a : ${x}'),
      /默认顺序流 s_gw 不是它的出口/,
    ],
    [
      'a timeCycle on an interrupting boundary',
      processXml(
        'p',
        '<startEvent id="s"/><userTask id="a"/><boundaryEvent id="b" attachedToRef="a"><timerEventDefinition><timeCycle>R3/PT1H</timeCycle></timerEventDefinition></boundaryEvent>',
        's -> a',
      ),
      /timeCycle/,
    ],
    [
      'a bad ISO duration',
      processXml(
        'p',
        '<startEvent id="s"/><intermediateCatchEvent id="w"><timerEventDefinition><timeDuration>3 days</timeDuration></timerEventDefinition></intermediateCatchEvent>',
        's -> w',
      ),
      /w 的时长/,
    ],
    [
      'a multi-instance task without collection',
      processXml('p', '<startEvent id="s"/><userTask id="m"><multiInstanceLoopCharacteristics/></userTask>', 's -> m'),
      /m 需要 collection/,
    ],
    [
      'a JavaScript condition',
      processXml('p', '<startEvent id="s"/><userTask id="a"/>', 's -> a')
        .replace('<conditionExpression', '<x')
        .replace(
          '<sequenceFlow id="s_a" sourceRef="s" targetRef="a"/>',
          '<sequenceFlow id="s_a" sourceRef="s" targetRef="a"><conditionExpression xsi:type="tFormalExpression" language="javascript">true</conditionExpression></sequenceFlow>',
        ),
      /条件语言 javascript/,
    ],
    ['a broken expression, naming its flow', processXml('p', '<startEvent id="s"/><userTask id="a"/>', 's -> a : ${amount >}'), /s_a/],
    [
      'a method call in an assignee',
      processXml('p', '<startEvent id="s"/><userTask id="a" flowable:assignee="${userService.findLeader(starter)}"/>', 's -> a'),
      /a.*不支持方法调用/,
    ],
    [
      'a service task without implementation',
      processXml('p', '<startEvent id="s"/><serviceTask id="svc"/>', 's -> svc'),
      /svc 没有指定处理程序/,
    ],
    [
      'a boundary timer on a gateway',
      processXml(
        'p',
        '<startEvent id="s"/><exclusiveGateway id="g"/><boundaryEvent id="b" attachedToRef="g"><timerEventDefinition><timeDuration>P1D</timeDuration></timerEventDefinition></boundaryEvent>',
        's -> g',
      ),
      /只能依附/,
    ],
    ['duplicate ids', processXml('p', '<startEvent id="s"/><userTask id="a"/>', 's -> a\ns -> a'), /duplicate ID <s_a>/],
    [
      'text outside the root (a DOCTYPE with entities)',
      `<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaa"><!ENTITY b "&a;&a;&a;">]>${processXml('p', '<startEvent id="s" name="&b;"/>', '').replace('<?xml version="1.0" encoding="UTF-8"?>', '')}`,
      /无法解析/,
    ],
  ])('%s', async (_name, xml, message) => {
    expect((await refused(xml)).message).toMatch(message);
  });

  it('an unknown service handler, when a registry is given', async () => {
    const xml = processXml('p', '<startEvent id="s"/><serviceTask id="svc" flowable:class="com.x.Mail"/>', 's -> svc');
    const err = await refused(xml, { services: ['other'] });
    expect(err.message).toBe('服务任务 svc 的处理程序未注册: com.x.Mail');
    expect(err.elementId).toBe('svc');
    expect((await compileDefinitions(xml, { services: ['com.x.Mail'] })).processes.get('p')!.services).toEqual(new Set(['com.x.Mail']));
  });
});

describe('what deploys, and its warnings', () => {
  it('extension attributes are read by namespace URI, whatever the prefix', async () => {
    const xml = `<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:fx="http://flowable.org/bpmn" xmlns:act="http://activiti.org/bpmn" xmlns:my="urn:civdesk:bpmn" targetNamespace="t">
      <process id="p"><startEvent id="s"/><userTask id="a" fx:assignee="zhang" act:candidateGroups="clerk" my:workingDays="2"/>
      <sequenceFlow sourceRef="s" targetRef="a"/></process></definitions>`;
    const g = (await compileDefinitions(xml)).processes.get('p')!;
    const a = g.nodes.get('a')!;
    expect(a.type === 'userTask' && [a.assignee?.source, a.candidateGroups[0].source, a.due?.workingDayCount]).toEqual([
      'zhang',
      'clerk',
      true,
    ]);
    // A flow without an id gets one from its ends.
    expect([...g.flows.keys()]).toEqual(['flow_s_a_0']);
  });

  it('civ:sms asks for an SMS to the people of a new task; absent or anything but true/1 is no', async () => {
    const xml = `<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:civ="urn:civdesk:bpmn" targetNamespace="t">
      <process id="p"><startEvent id="s"/><userTask id="a" civ:sms="true"/><userTask id="b" civ:sms="1"/><userTask id="c"/><userTask id="d" civ:sms="no"/>
      <sequenceFlow sourceRef="s" targetRef="a"/><sequenceFlow sourceRef="a" targetRef="b"/><sequenceFlow sourceRef="b" targetRef="c"/><sequenceFlow sourceRef="c" targetRef="d"/></process></definitions>`;
    const g = (await compileDefinitions(xml)).processes.get('p')!;
    const sms = ['a', 'b', 'c', 'd'].map((id) => {
      const n = g.nodes.get(id)!;
      return n.type === 'userTask' && n.sms;
    });
    expect(sms).toEqual([true, true, false, false]);
  });

  it('listeners, form properties and input/output are warnings naming the element', async () => {
    const xml = processXml(
      'p',
      `<startEvent id="s"><extensionElements><flowable:formProperty id="days" type="long"/><flowable:executionListener event="start" class="x.Y"/></extensionElements></startEvent>
       <userTask id="a" flowable:skipExpression="\${skip}"><extensionElements><flowable:taskListener event="create" class="x.Z"/><camunda:inputOutput/><camunda:properties/><other:thing xmlns:other="urn:other"/></extensionElements></userTask>`,
      's -> a',
    );
    const { warnings } = await compileDefinitions(xml);
    expect(warnings.map((w) => `${w.elementId}: ${w.message}`)).toEqual([
      's: s 的扩展元素 flowable:formProperty 不会被执行',
      's: s 的扩展元素 flowable:executionListener 不会被执行',
      'a: a 的扩展元素 flowable:taskListener 不会被执行',
      'a: a 的扩展元素 camunda:inputOutput 不会被执行',
      'a: a 的 skipExpression 不会被执行',
    ]);
  });

  it('several processes deploy as several graphs; a non-executable one is skipped with a warning', async () => {
    const xml = definitions(`
      <process id="one"><startEvent id="s1"/><userTask id="a"/><sequenceFlow id="f1" sourceRef="s1" targetRef="a"/></process>
      <process id="two"><startEvent id="s2"/><callActivity id="c" calledElement="one"/><sequenceFlow id="f2" sourceRef="s2" targetRef="c"/></process>
      <process id="draft" isExecutable="false"><complexGateway id="cg"/></process>`);
    const { processes, warnings } = await compileDefinitions(xml);
    expect([...processes.keys()]).toEqual(['one', 'two']);
    expect(processes.get('two')!.calledProcesses).toEqual(new Set(['one']));
    expect(warnings).toEqual([
      { processKey: 'draft', elementId: 'draft', elementType: 'bpmn:Process', message: '流程 draft 未标记为可执行，已忽略' },
    ]);
  });

  it('precomputes the inclusive join’s upstream per incoming flow', async () => {
    const xml = processXml(
      'p',
      '<startEvent id="s"/><inclusiveGateway id="f"/><inclusiveGateway id="j"/><userTask id="a"/><userTask id="b"/>',
      's -> f\nf -> a -> j : ${x}'.replace(' : ${x}', '') + '\nf -> b : ${y}\nb -> j',
    );
    const g = (await compileDefinitions(xml)).processes.get('p')!;
    expect(g.inclusiveUpstream.get('j')).toEqual(
      new Map([
        ['a_j', new Set(['a', 'f', 's'])],
        ['b_j', new Set(['b', 'f', 's'])],
      ]),
    );
  });
});

describe('pathological input', () => {
  it('deep sub-process nesting is refused quickly', async () => {
    const depth = 2000;
    const inner =
      '<subProcess id="n0">'.repeat(1) +
      Array.from({ length: depth }, (_, i) => `<subProcess id="n${i + 1}">`).join('') +
      '</subProcess>'.repeat(depth + 1);
    const err = await refused(processXml('p', `<startEvent id="s"/>${inner}`, ''));
    expect(err.message).toMatch(/嵌套超过 32 层|开始事件/);
  });

  it('a process over the element limit is refused', async () => {
    const nodes = Array.from({ length: 300 }, (_, i) => `<userTask id="t${i}"/>`).join('');
    expect((await refused(processXml('p', `<startEvent id="s"/>${nodes}`, ''), { maxElements: 200 })).message).toMatch(/超过 200/);
  });

  it('20,000 nested extension elements compile (with one warning) instead of overflowing', async () => {
    const deep = '<flowable:x>'.repeat(20_000) + '</flowable:x>'.repeat(20_000);
    const { warnings } = await compileDefinitions(
      processXml('p', `<startEvent id="s"><extensionElements>${deep}</extensionElements></startEvent>`, ''),
    );
    expect(warnings.map((w) => w.message)).toEqual(['s 的扩展元素 flowable:x 不会被执行']);
  });

  it('a long chain within the limit compiles without recursion trouble', async () => {
    const n = 2000;
    const nodes = Array.from({ length: n }, (_, i) => `<userTask id="t${i}"/>`).join('');
    const chain = ['s', ...Array.from({ length: n }, (_, i) => `t${i}`)].join(' -> ');
    const g = (await compileDefinitions(processXml('p', `<startEvent id="s"/>${nodes}`, chain))).processes.get('p')!;
    expect(g.nodes.size).toBe(n + 1);
  });
});
