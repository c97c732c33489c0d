package com.nacosx.tests.dubbo;

/** The service the providers export and the consumers call. */
public interface Greeter {

    /** @return who answered: "APPLICATION:PORT" */
    String whoAmI();

    /** Answers after {@code millis}, for a timeout rule to cut short. */
    String slow(long millis);
}
