import { describe, expect, it } from 'vitest';
import { parsePrometheus, ratesBy } from './metrics';

const BEFORE = parsePrometheus(`# HELP grpc_server_requests_seconds gRPC requests
# TYPE grpc_server_requests_seconds histogram
grpc_server_requests_seconds_count{module="config",requestClass="ConfigQueryRequest",success="true"} 100.0
grpc_server_requests_seconds_count{module="naming",requestClass="InstanceRequest",success="true"} 10.0
nacos_monitor{module="core",name="longConnection"} 7.0
nacos_push_seconds_bucket{type="a",le="0.01"} 10
nacos_push_seconds_bucket{type="a",le="0.1"} 10
nacos_push_seconds_bucket{type="a",le="+Inf"} 10
`);
const AFTER = parsePrometheus(`grpc_server_requests_seconds_count{module="config",requestClass="ConfigQueryRequest",success="true"} 300.0
grpc_server_requests_seconds_count{module="config",requestClass="ConfigQueryRequest",success="false"} 4.0
grpc_server_requests_seconds_count{module="naming",requestClass="InstanceRequest",success="true"} 10.0
nacos_monitor{module="core",name="longConnection"} 9.0
nacos_push_seconds_bucket{type="a",le="0.01"} 10
nacos_push_seconds_bucket{type="a",le="0.1"} 110
nacos_push_seconds_bucket{type="a",le="+Inf"} 110
`);

describe('the live figures', () => {
  it('parses samples with their labels and skips comments', () => {
    expect(BEFORE).toHaveLength(6);
    expect(BEFORE[0].labels.requestClass).toBe('ConfigQueryRequest');
    expect(AFTER.find((sample) => sample.name === 'nacos_monitor')?.value).toBe(9);
  });

  it('turns counter growth into rates per group, new series counting from zero', () => {
    expect(ratesBy(BEFORE, AFTER, 'grpc_server_requests_seconds_count', 'requestClass', 2))
      .toEqual([['ConfigQueryRequest', 102]]);
  });
});
