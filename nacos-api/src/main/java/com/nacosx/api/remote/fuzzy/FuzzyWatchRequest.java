package com.nacosx.api.remote.fuzzy;

import com.nacosx.api.remote.Request;
import java.util.Set;

/**
 * A 3.x client starts ({@code watchType WATCH}) or stops ({@code CANCEL_WATCH}) watching the
 * resources whose keys match {@code groupKeyPattern}; it lists the keys it already knows, so that
 * the server tells it only the difference.
 */
public abstract class FuzzyWatchRequest extends Request {

    public String groupKeyPattern;
    public Set<String> receivedGroupKeys;
    public String watchType;
    /** True the first time the client watches the pattern: the server ends its listing with a finish notice. */
    public boolean initializing;
}
