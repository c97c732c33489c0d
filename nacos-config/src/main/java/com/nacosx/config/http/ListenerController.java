package com.nacosx.config.http;

import com.nacosx.api.common.Constants;
import com.nacosx.config.model.ConfigKey;
import com.nacosx.config.push.ListeningConfigs;
import com.nacosx.config.push.LongPollHolder;
import com.nacosx.core.http.ClientIp;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;

/** 1.x long polling, {@code POST /v1/cs/configs/listener}. */
@RestController
public class ListenerController {

    private final LongPollHolder holder;

    public ListenerController(LongPollHolder holder) {
        this.holder = holder;
    }

    @PostMapping("/v1/cs/configs/listener")
    public void listen(HttpServletRequest request, HttpServletResponse response) throws IOException {
        String probe = request.getParameter(Constants.LISTENING_CONFIGS);
        if (probe == null) {
            throw new IllegalArgumentException("invalid probeModify: the 'Listening-Configs' parameter is missing");
        }
        // The official server decodes the already form-decoded value once more; clients rely on it.
        Map<ConfigKey, String> listened = ListeningConfigs.parse(URLDecoder.decode(probe, StandardCharsets.UTF_8));
        holder.poll(request, response, listened, ClientIp.of(request), request.getHeader("Vipserver-Tag"),
                request.getHeader(Constants.LONG_POLLING_TIMEOUT_HEADER),
                "true".equalsIgnoreCase(request.getHeader(Constants.LONG_POLLING_NO_HANGUP_HEADER)));
    }
}
