package com.nacosx.core.http;

import com.nacosx.core.readiness.ServerReadiness;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/** Liveness and readiness probes at the paths the official console serves. */
@RestController
public class HealthController {

    private final ServerReadiness readiness;

    public HealthController(ServerReadiness readiness) {
        this.readiness = readiness;
    }

    @GetMapping("/v1/console/health/liveness")
    public ResponseEntity<String> liveness() {
        return ResponseEntity.ok("OK");
    }

    @GetMapping("/v1/console/health/readiness")
    public ResponseEntity<String> readiness() {
        if (readiness.isReady()) {
            return ResponseEntity.ok("OK");
        }
        return ResponseEntity.status(503).body("server is starting, not ready yet: waiting for " + readiness.closedGates());
    }
}
