// bpmn-moddle: the parser bpmn-js and bpmnlint both use (their dependency)
import { BpmnModdle } from 'bpmn-moddle';
import { Linter } from 'bpmnlint';
import { describe, expect, it } from 'vitest';
import { errorCount, lintConfig } from './lint-config.ts';

const process = (body: string) => `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" id="d" targetNamespace="t">
  <bpmn:process id="p" isExecutable="true">${body}</bpmn:process>
</bpmn:definitions>`;

async function lint(xml: string) {
  const { rootElement } = await new BpmnModdle().fromXML(xml);
  return new Linter(lintConfig).lint(rootElement);
}

describe('lint on save', () => {
  it('finds a missing end event and a disconnected task as errors, from the bundled rules', async () => {
    const issues = await lint(process('<bpmn:startEvent id="s" name="开始"/><bpmn:userTask id="lost" name="审批"/>'));
    expect(issues['end-event-required']?.[0]?.message).toBe('Process is missing end event');
    expect(issues['no-disconnected']?.map((i) => i.id)).toContain('lost');
    const byElement: Record<string, { category: string }[]> = {};
    for (const i of Object.values(issues).flat()) byElement[i.id] = [...(byElement[i.id] ?? []), i];
    expect(errorCount(byElement)).toBeGreaterThanOrEqual(3);
  });

  it('passes a connected process with an inclusive gateway (the engine runs those)', async () => {
    const issues = await lint(
      process(`<bpmn:startEvent id="s" name="开始"><bpmn:outgoing>f1</bpmn:outgoing></bpmn:startEvent>
        <bpmn:inclusiveGateway id="g" name="分支"><bpmn:incoming>f1</bpmn:incoming><bpmn:outgoing>f2</bpmn:outgoing></bpmn:inclusiveGateway>
        <bpmn:userTask id="a" name="审批"><bpmn:incoming>f2</bpmn:incoming><bpmn:outgoing>f3</bpmn:outgoing></bpmn:userTask>
        <bpmn:endEvent id="e" name="结束"><bpmn:incoming>f3</bpmn:incoming></bpmn:endEvent>
        <bpmn:sequenceFlow id="f1" sourceRef="s" targetRef="g"/><bpmn:sequenceFlow id="f2" sourceRef="g" targetRef="a"/><bpmn:sequenceFlow id="f3" sourceRef="a" targetRef="e"/>`),
    );
    const errors = Object.entries(issues).filter(([, list]) => list.some((i) => i.category === 'error'));
    expect(errors).toEqual([]);
  });
});
