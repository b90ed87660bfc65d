// Short BPMN for tests: `definitions()` adds the namespaces, `flows()` writes sequence flows from
// lines like `s -> a -> gw` and `gw -> b : ${x > 1}` (ids `source_target`).

export function definitions(body: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  xmlns:flowable="http://flowable.org/bpmn" xmlns:camunda="http://camunda.org/schema/1.0/bpmn" xmlns:civ="urn:civdesk:bpmn"
  targetNamespace="http://example.test/bpmn">
${body}
</definitions>`;
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export function flows(spec: string): string {
  const out: string[] = [];
  for (const raw of spec.split('\n')) {
    const line = raw.trim();
    if (!line) continue;
    const [path, ...cond] = line.split(' : ');
    const nodes = path.split('->').map((s) => s.trim());
    for (let i = 0; i + 1 < nodes.length; i++) {
      const [a, b] = [nodes[i], nodes[i + 1]];
      const condition = cond.length && i + 2 === nodes.length ? cond.join(' : ') : '';
      out.push(
        condition
          ? `<sequenceFlow id="${a}_${b}" sourceRef="${a}" targetRef="${b}"><conditionExpression xsi:type="tFormalExpression">${escapeXml(condition)}</conditionExpression></sequenceFlow>`
          : `<sequenceFlow id="${a}_${b}" sourceRef="${a}" targetRef="${b}"/>`,
      );
    }
  }
  return out.join('\n');
}

/** A process: `process('p', '<userTask id="a"/>…', 's -> a -> e')`. */
export function processXml(id: string, elements: string, flowSpec: string): string {
  return definitions(`<process id="${id}" isExecutable="true">\n${elements}\n${flows(flowSpec)}\n</process>`);
}
