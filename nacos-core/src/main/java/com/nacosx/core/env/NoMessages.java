package com.nacosx.core.env;

import java.util.Locale;
import org.springframework.context.MessageSource;
import org.springframework.context.MessageSourceResolvable;
import org.springframework.context.NoSuchMessageException;
import org.springframework.context.support.AbstractApplicationContext;
import org.springframework.stereotype.Component;

/**
 * The application context's message source, which knows no messages: the server's answers and
 * logs are not drawn from Spring's localized messages. Without a bean of this name the context
 * makes its own, whose class lists every locale the JDK has as it loads: ~50 ms of the main
 * thread at every start, and the compiler's time on the locale code (bench/RESULTS.md).
 */
@Component(AbstractApplicationContext.MESSAGE_SOURCE_BEAN_NAME)
public class NoMessages implements MessageSource {

    /** @return {@code defaultMessage} as given, without formatting {@code args} into it */
    @Override
    public String getMessage(String code, Object[] args, String defaultMessage, Locale locale) {
        return defaultMessage;
    }

    @Override
    public String getMessage(String code, Object[] args, Locale locale) {
        throw new NoSuchMessageException(code, locale);
    }

    @Override
    public String getMessage(MessageSourceResolvable resolvable, Locale locale) {
        if (resolvable.getDefaultMessage() != null) {
            return resolvable.getDefaultMessage();
        }
        String[] codes = resolvable.getCodes();
        throw new NoSuchMessageException(codes == null || codes.length == 0 ? "" : codes[codes.length - 1], locale);
    }
}
