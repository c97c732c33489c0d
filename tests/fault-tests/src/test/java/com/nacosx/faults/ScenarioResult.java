package com.nacosx.faults;

import java.util.List;

/**
 * What one scenario showed, counted by the checker: writes acknowledged, and each kind of broken
 * promise (with the details of each), the time the cluster took to agree again after the heal (and
 * what agreed last), and the figures worth reporting.
 */
record ScenarioResult(String name, String fault, int acknowledged, List<String> lost, List<String> unhappened,
        List<String> casViolations, List<String> ghosts, List<String> holes, double convergenceSeconds,
        String lastToConverge, long longestHoleMillis, String longestHoleWhere, long leaderChanges, long minorityAcks, double writeP99Millis,
        CutReads cutReads, Moved moved) {

    /** The 2.x clients connected to the node the fault hit, and the seconds until all were on other nodes (NaN: not measured, or not all by the heal). */
    record Moved(int clients, double seconds) {
        static final Moved NONE = new Moved(0, Double.NaN);
    }

    /** Config reads sent to the node cut from its peers while it was: answered in time, and marked stale. */
    record CutReads(int sent, int answered, int markedStale) {
        static final CutReads NONE = new CutReads(0, 0, 0);
    }

    boolean held() {
        return lost.isEmpty() && unhappened.isEmpty() && casViolations.isEmpty() && ghosts.isEmpty() && holes.isEmpty();
    }

    String line() {
        return String.format("%s: %d acknowledged, %d lost, %d un-happened, %d CAS violations, %d ghosts, %d holes, "
                + "converged in %.1f s, longest hole %.1f s%s, %d leader changes, %d writes acknowledged by a Raft minority, "
                + "write p99 %.0f ms%s%s (%s)", name, acknowledged, lost.size(), unhappened.size(), casViolations.size(),
                ghosts.size(), holes.size(), convergenceSeconds, longestHoleMillis / 1000.0,
                longestHoleWhere.isEmpty() ? "" : " (" + longestHoleWhere + ")", leaderChanges, minorityAcks,
                writeP99Millis, cutReads.sent() == 0 ? "" : String.format(", %d of %d reads from the cut node answered, "
                        + "%d marked stale", cutReads.answered(), cutReads.sent(), cutReads.markedStale()),
                moved.clients() == 0 ? "" : Double.isNaN(moved.seconds()) ? String.format(", its %d clients not all on "
                        + "other nodes by the heal", moved.clients()) : String.format(", its %d clients on other nodes in "
                        + "%.1f s", moved.clients(), moved.seconds()), fault);
    }

    /** Each broken promise, and what was the last to agree after the heal. */
    String details() {
        StringBuilder text = new StringBuilder();
        if (!lastToConverge.isEmpty()) {
            text.append("  the last to agree after the heal: ").append(lastToConverge).append('\n');
        }
        for (List<String> kind : List.of(lost, unhappened, casViolations, ghosts, holes)) {
            kind.stream().limit(10).forEach(detail -> text.append("  ").append(detail).append('\n'));
        }
        return text.toString();
    }
}
