package com.nacosx.core.http;

import com.nacosx.api.exception.ErrorCode;
import com.nacosx.api.exception.NacosException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.core.NestedRuntimeException;
import org.springframework.dao.DataAccessException;
import org.springframework.http.MediaType;
import org.springframework.transaction.TransactionException;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.MissingRequestHeaderException;
import org.springframework.web.bind.MissingServletRequestParameterException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.method.annotation.MethodArgumentTypeMismatchException;

/**
 * Translates failures into the 1.x answer: the status code and a text body
 * {@code caused: <message>;}, as the official server writes them.
 */
@RestControllerAdvice
public class NacosExceptionAdvice {

    private static final Logger LOG = LoggerFactory.getLogger(NacosExceptionAdvice.class);

    @ExceptionHandler(NacosException.class)
    public ResponseEntity<String> nacos(NacosException e) {
        if (e.status() >= 500) {
            LOG.error("request failed: [{}] {}", e.errorCode(), e.getMessage(), e);
        }
        return answer(e.status(), e);
    }

    @ExceptionHandler(MissingServletRequestParameterException.class)
    public ResponseEntity<String> missingParameter(MissingServletRequestParameterException e) {
        return answer(400, NacosException.missingParameter(e.getParameterName()));
    }

    @ExceptionHandler(MissingRequestHeaderException.class)
    public ResponseEntity<String> missingHeader(MissingRequestHeaderException e) {
        return answer(400, new NacosException(400, ErrorCode.PARAMETER_MISSING,
                "Required header '" + e.getHeaderName() + "' is not present"));
    }

    @ExceptionHandler(MethodArgumentTypeMismatchException.class)
    public ResponseEntity<String> typeMismatch(MethodArgumentTypeMismatchException e) {
        return answer(400, NacosException.badRequest(
                "parameter '" + e.getName() + "' has an invalid value: " + e.getValue()));
    }

    @ExceptionHandler(IllegalArgumentException.class)
    public ResponseEntity<String> illegalArgument(IllegalArgumentException e) {
        return answer(400, NacosException.badRequest(e.getMessage()));
    }

    @ExceptionHandler({DataAccessException.class, TransactionException.class})
    public ResponseEntity<String> dataAccess(NestedRuntimeException e) {
        LOG.error("database access failed", e);
        return answer(500, new NacosException(500, ErrorCode.DATA_ACCESS_ERROR,
                "the database is unreachable or failed (" + e.getMostSpecificCause().getMessage()
                        + "); nothing was changed, retry when the database is back"));
    }

    private static ResponseEntity<String> answer(int status, Throwable e) {
        StringBuilder body = new StringBuilder();
        for (Throwable cause = e; cause != null && cause.getMessage() != null; cause = cause.getCause()) {
            body.append("caused: ").append(cause.getMessage()).append(';');
        }
        return ResponseEntity.status(status).contentType(MediaType.TEXT_PLAIN).body(body.toString());
    }
}
