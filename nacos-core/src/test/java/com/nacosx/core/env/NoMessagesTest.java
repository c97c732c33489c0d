package com.nacosx.core.env;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.springframework.context.NoSuchMessageException;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.context.support.AbstractApplicationContext;
import org.springframework.context.support.DefaultMessageSourceResolvable;

class NoMessagesTest {

    @Test
    void theContextAnswersFromItWithTheDefaultsGiven() {
        try (AnnotationConfigApplicationContext context = new AnnotationConfigApplicationContext(NoMessages.class)) {
            assertInstanceOf(NoMessages.class, context.getBean(AbstractApplicationContext.MESSAGE_SOURCE_BEAN_NAME));
            assertEquals("as given {0}", context.getMessage("some.code", new Object[] {"x"}, "as given {0}", Locale.CHINA));
            assertEquals("resolvable's default", context.getMessage(
                    new DefaultMessageSourceResolvable(new String[] {"a", "b"}, "resolvable's default"), Locale.ROOT));
        }
    }

    @Test
    void aMessageWithoutDefaultIsNotFound() {
        NoMessages messages = new NoMessages();
        NoSuchMessageException byCode = assertThrows(NoSuchMessageException.class,
                () -> messages.getMessage("some.code", null, Locale.ROOT));
        assertTrue(byCode.getMessage().contains("some.code"));
        NoSuchMessageException byResolvable = assertThrows(NoSuchMessageException.class,
                () -> messages.getMessage(new DefaultMessageSourceResolvable(new String[] {"first", "last"}), Locale.ROOT));
        assertTrue(byResolvable.getMessage().contains("last"));
    }
}
