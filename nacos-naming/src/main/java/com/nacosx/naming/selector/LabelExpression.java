package com.nacosx.naming.selector;

import com.nacosx.api.exception.ErrorCode;
import com.nacosx.api.exception.NacosException;
import com.nacosx.api.exception.Shown;

import java.util.LinkedHashSet;
import java.util.Set;

/**
 * The expression of a {@code label} selector, in the official grammar:
 * {@code CONSUMER.label.A = PROVIDER.label.A & CONSUMER.label.B = PROVIDER.label.B}: a consumer
 * sees the providers whose labels A and B equal its own. Whitespace is ignored.
 */
public final class LabelExpression {

    static final String TYPE = "label";
    private static final String CONSUMER = "CONSUMER.label.";
    private static final String PROVIDER = "PROVIDER.label.";

    private LabelExpression() {
    }

    /**
     * The labels the expression compares.
     *
     * @throws NacosException 400 (SELECTOR_ERROR) when it is not in the grammar
     */
    public static Set<String> labels(String expression) {
        Set<String> labels = new LinkedHashSet<>();
        if (expression == null || expression.isBlank()) {
            return labels;
        }
        for (String term : expression.replaceAll("\\s", "").split("&", -1)) {
            String[] sides = term.split("=", -1);
            if (sides.length != 2 || !sides[0].startsWith(CONSUMER) || !sides[1].startsWith(PROVIDER)
                    || sides[0].length() == CONSUMER.length()
                    || !sides[0].substring(CONSUMER.length()).equals(sides[1].substring(PROVIDER.length()))) {
                throw new NacosException(NacosException.BAD_REQUEST, ErrorCode.SELECTOR_ERROR, "parse expression failed!"
                        + " '" + Shown.bounded(term) + "' is not CONSUMER.label.<name> = PROVIDER.label.<name>; join"
                        + " terms with &");
            }
            labels.add(sides[0].substring(CONSUMER.length()));
        }
        return labels;
    }

    /**
     * Checks a selector as a service write gives it: type {@code none} (or blank) or {@code label}
     * with a valid expression.
     */
    public static void check(String type, String expression) {
        if (type == null || type.isBlank() || "none".equals(type)) {
            return;
        }
        if (!TYPE.equals(type)) {
            throw new NacosException(NacosException.BAD_REQUEST, ErrorCode.SELECTOR_ERROR,
                    "not match any type of selector! '" + Shown.bounded(type) + "': use none or label");
        }
        labels(expression);
    }
}
