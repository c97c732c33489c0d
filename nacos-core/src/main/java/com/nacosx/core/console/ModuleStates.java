package com.nacosx.core.console;

import java.util.Map;

/**
 * What one module says about its settings on {@code /v1/console/server/state}, under the
 * official server's keys (the web console reads them). Values are shown as text.
 */
public interface ModuleStates {

    Map<String, Object> states();
}
